/**
 * Debian's Chromium, the only browser this project drives (the registry cannot download browsers;
 * never `npx playwright install`), and the flags it needs on these machines: without the
 * networking ones it keeps trying the closed network. Shared by the e2e config, the benchmark,
 * the screenshots and the image scripts.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Playwright's `launchOptions` for Debian's Chromium. */
export const chromiumLaunchOptions = () => ({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS],
});
