import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { compileHints } from './scripts/vite-compile-hints';
import { puzzleCatalogue } from './scripts/vite-puzzle-catalogue';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

export default defineConfig(({ isSsrBuild }) => ({
  define: { __APP_VERSION__: JSON.stringify(version) },
  resolve: {
    alias: [
      {
        find: 'use-sync-external-store/shim/index.js',
        replacement: fileURLToPath(
          new URL('src/lib/react-sync-external-store.ts', import.meta.url),
        ),
      },
    ],
  },
  plugins: [
    react(),
    puzzleCatalogue(),
    // The entry's functions compiled while it streams in, off the main thread (docs/decisions.md).
    !isSsrBuild && compileHints(),
    // The server's bundle (dist-server/) has no service worker of its own.
    !isSsrBuild &&
      VitePWA({
        // A new version waits until the player chooses to reload (src/features/update/).
        registerType: 'prompt',
        // Registered by src/lib/service-worker.ts after the load event and once the app is ready
        // (src/main.tsx), off the critical path.
        injectRegister: false,
        manifest: {
          id: '/',
          name: 'Linchpin',
          short_name: 'Linchpin',
          description: 'The daily puzzle where one word holds four groups together.',
          lang: 'en',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          // Light colours of src/styles/global.css (--bg); index.html's theme-color metas add dark.
          theme_color: '#f7f4ee',
          background_color: '#f7f4ee',
          categories: ['games', 'entertainment'],
          icons: [
            { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
            { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
            {
              src: '/icon-maskable-512.png',
              sizes: '512x512',
              type: 'image/png',
              purpose: 'maskable',
            },
          ],
        },
        workbox: {
          // The app shell and every route's code; the puzzles the server has released are stored on
          // install (public/sw-puzzles.js), so the whole game plays offline after one visit. Not the Twodle video (public/media/,
          // large and fetched in ranges) nor the link-preview image. The plugin adds the manifest.
          globPatterns: ['**/*.{html,js,css,svg,png,ico,json}'],
          ignoreURLParametersMatching: [/^utm_/, /^fbclid$/],
          // Never the puzzle files: the build's copy reaches STATIC_DAYS_AHEAD days into the
          // future. The worker stores only what the server sends (public/sw-puzzles.js, and the
          // /puzzles/ route below).
          globIgnores: ['media/**', 'og-image.png', 'puzzles/**'],
          importScripts: ['sw-puzzles.js', 'sw-reminders.js'],
          // Pages come from the network first, so a new day's page is never hidden behind
          // yesterday's; each page visited is kept for offline use, and a page never visited falls
          // back to the app's page (which renders the route in the browser). Not the API.
          navigateFallback: null,
          // Not even "/": the precached index.html is the home page as the build rendered it (no
          // cookies, so with the cookie banner). Served for "/" it left a dead banner on the page
          // after a player accepted, and "Cookie settings" then showed two (e2e/withdraw-consent.spec.ts).
          directoryIndex: null,
          runtimeCaching: [
            {
              // /puzzles/<file>.json?v=<catalogue version> (src/lib/catalogue.ts): from the network
              // first (a new day brings a new puzzle into the same file), stored without the ?v= so
              // one key per file, the same keys public/sw-puzzles.js fills on install.
              urlPattern: ({ url }) => url.pathname.startsWith('/puzzles/'),
              handler: 'NetworkFirst',
              options: {
                cacheName: 'puzzles',
                networkTimeoutSeconds: 4,
                plugins: [
                  {
                    cacheKeyWillBeUsed: ({ request }) =>
                      Promise.resolve(request.url.replace(/\?.*$/, '')),
                  },
                ],
              },
            },
            {
              urlPattern: ({ request, url }) =>
                request.mode === 'navigate' && !url.pathname.startsWith('/api'),
              handler: 'NetworkFirst',
              options: {
                cacheName: 'pages',
                networkTimeoutSeconds: 4,
                expiration: { maxEntries: 40 },
                precacheFallback: { fallbackURL: 'index.html' },
              },
            },
          ],
          // The first install takes control at once (nothing to break); an update waits for the
          // player's "Reload" (skipWaiting stays off).
          clientsClaim: true,
          skipWaiting: false,
          cleanupOutdatedCaches: true,
        },
      }),
  ],
  build: {
    target: 'es2022',
    // `SOURCEMAP=1 npm run build`: which module each byte of a chunk comes from (docs/decisions.md).
    sourcemap: Boolean(process.env.SOURCEMAP),
    // `NO_MINIFY=1 npm run build`: readable function names in a profile (docs/decisions.md).
    minify: process.env.NO_MINIFY ? false : undefined,
    // The server reads the manifest to preload each route's code with its page.
    manifest: !isSsrBuild,
    // Every browser the game supports has modulepreload: no polyfill in the first load's code.
    modulePreload: { polyfill: false },
    copyPublicDir: !isSsrBuild,
    // Every module of the first load in the entry's chunk: left to itself the bundler cut a dozen
    // small chunks out of it, shared with the lazy pages, and each cut cost bytes and a request
    // (initial JS of / 85.1 -> 83.2 KB gzip). Lazy pages keep their own chunks.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'shell',
                  tags: ['$initial'],
                },
              ],
            },
          },
        },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'core/**/*.test.ts',
            'server/**/*.test.ts',
            'cli/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
            'deploy/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test-setup.ts'],
        },
      },
    ],
  },
}));
