import { DEFAULT_RESULTS_PER_ADDRESS, DEFAULT_RESULTS_PER_NETWORK } from '../core/crowd';
import { DEFAULT_KEEP_HANDLED_DAYS, DELETE_ANY_AFTER_DAYS } from '../core/form-retention';
import { adIdsFrom, adsOn, analyticsIdFrom } from '../core/site-settings';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { APP_ROOT } from './env-files';
import { backupDirOf } from './db/backup-files';
import { vapidSubject, type VapidSettings } from './db/vapid-keys';

/** Everything the server reads from the environment, checked at start. */
export interface Config {
  port: number;
  host: string;
  /** Folder of the embedded database (and the owner tool's token). */
  dataDir: string;
  /** A PostgreSQL server to use instead of the embedded database. */
  databaseUrl: string | null;
  /** Posts allowed per client address per window, across both form routes. */
  rateLimit: { max: number; windowMs: number };
  /** Crowd results allowed per client address per window (POST /api/results, a limit of its own). */
  resultsRateLimit: { max: number; windowMs: number };
  /** Results of one puzzle counted from one client address (an IPv6 /64); the rest are not counted. */
  resultsPerAddress: number;
  /** Results of one puzzle counted from one IPv6 /48 in all (IPv4 has no such bound). */
  resultsPerNetwork: number;
  /** Groups of friends started and joined per client address per window (a limit of its own). */
  groupsRateLimit: { max: number; windowMs: number };
  /**
   * Fastify's trustProxy: false, a hop count, or the proxies' addresses. Never true: that trusts
   * every X-Forwarded-For, so any client could pick the address its rate limit is counted on.
   */
  trustProxy: false | number | string[];
  /**
   * The site's public address (SITE_URL, e.g. https://linchpin.example), as an origin: a form post
   * that carries no Fetch Metadata has its Origin compared with it. Null when unset.
   */
  siteUrl: string | null;
  /** The built site (Vite's output). */
  distDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Third-party hosts are allowed by the Content-Security-Policy only when these are configured. */
  csp: { ads: boolean; analytics: boolean; formOrigins: string[] };
  /** On SIGTERM, how long /api/health answers 503 while requests are still served (DRAIN_PERIOD). */
  drainMs: number;
  /** Handled messages and submissions are deleted this many days after they arrived (KEEP_HANDLED_DAYS). */
  keepHandledDays: number;
  /** Strict-Transport-Security (HSTS): not sent, for this host only, or with its subdomains. */
  hsts: HstsSetting;
  /** Where `npm run owner -- backup-daily` writes (BACKUP_DIR, default <DATA_DIR>/backups). */
  backupDir: string;
  /**
   * Where Prometheus reads this process's metrics (METRICS_PORT, METRICS_HOST), and which peers
   * besides this machine may (METRICS_ALLOW); null when off (server/metrics.ts).
   */
  metrics: { port: number; host: string; allow: string[] } | null;
  /**
   * The daily reminders' VAPID key pair (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: both or neither; when
   * unset the database's, made at first start) and subject (VAPID_SUBJECT), server/db/vapid-keys.ts.
   */
  vapid: VapidSettings;
  /** Requests to /api/reminders per client address per window (a limit of its own). */
  remindersRateLimit: { max: number; windowMs: number };
}

/**
 * HSTS values: `off` sends no Strict-Transport-Security; `on` (the default) covers this host only;
 * `subdomains` adds includeSubDomains, which binds every subdomain of the site's host to HTTPS too
 * (server/security-headers.ts).
 */
export const HSTS_SETTINGS = ['off', 'on', 'subdomains'] as const;
export type HstsSetting = (typeof HSTS_SETTINGS)[number];
/** Group starts and joins per client address: 20 an hour (GROUPS_RATE_LIMIT_MAX, _WINDOW). */
export const DEFAULT_GROUPS_RATE_LIMIT = { max: 20, windowMs: 3_600_000 };
/**
 * Each client address's requests to /api/reminders per window (the `reminders` limit): a device
 * sends a handful a day (on, a change, the daily renewal, finished), so 30 a minute is generous.
 */
export const DEFAULT_REMINDERS_RATE_LIMIT = { max: 30, windowMs: 60_000 };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration error:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export type Env = Record<string, string | undefined>;

const UNITS: Record<string, number> = {
  ms: 1,
  s: 1000,
  sec: 1000,
  second: 1000,
  seconds: 1000,
  m: 60_000,
  min: 60_000,
  minute: 60_000,
  minutes: 60_000,
  h: 3_600_000,
  hour: 3_600_000,
  hours: 3_600_000,
};

/** "60000", "60s", "1 minute", "2m" → milliseconds; null when not a duration. */
export function parseDuration(text: string): number | null {
  const match = /^(\d+)\s*([a-z]*)$/i.exec(text.trim());
  if (!match?.[1]) return null;
  const unit = UNITS[(match[2] || 'ms').toLowerCase()];
  const value = Number(match[1]) * (unit ?? Number.NaN);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_KEYWORDS.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/**
 * "false", a hop count, or a comma-separated list of proxy addresses/CIDRs/keywords; null for
 * anything else, "true" included.
 */
export function parseTrustProxy(text: string): false | number | string[] | null {
  const value = text.trim().toLowerCase();
  if (value === 'false' || value === '0' || value === '') return false;
  if (value === 'true') return null;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isProxyAddress) ? entries : null;
}

function isPostgresUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'postgres:' || url.protocol === 'postgresql:';
  } catch {
    return false;
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** An unset or blank variable counts as unset. */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** The origin of an https:// address (http:// too on loopback, for tests), or null. */
function httpsOrigin(text: string): string | null {
  try {
    const url = new URL(text);
    const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
    return url.protocol === 'https:' || (url.protocol === 'http:' && loopback) ? url.origin : null;
  } catch {
    return null;
  }
}

/** The origin of an http(s):// address, or null. */
function webOrigin(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Reads and checks the configuration; throws ConfigError listing every bad value. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const problems: string[] = [];
  const bad = (name: string, rule: string) =>
    problems.push(`${name} must be ${rule}, not "${read(env, name) ?? ''}".`);

  const portText = read(env, 'PORT') ?? '8080';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) bad('PORT', 'a whole number from 0 to 65535');

  const host = read(env, 'HOST') ?? '127.0.0.1';
  if (isIP(host.replace(/^\[|\]$/g, '')) === 0 && !/^[a-z0-9.-]+$/i.test(host)) {
    bad('HOST', 'an IP address or a host name such as 127.0.0.1 or 0.0.0.0');
  }

  const databaseUrl = read(env, 'DATABASE_URL') ?? null;
  if (databaseUrl !== null && !isPostgresUrl(databaseUrl)) {
    problems.push(
      'DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/linchpin.',
    );
  }

  const maxText = read(env, 'RATE_LIMIT_MAX') ?? '10';
  const max = Number(maxText);
  if (!/^\d+$/.test(maxText) || max < 1 || !Number.isSafeInteger(max)) {
    bad('RATE_LIMIT_MAX', 'a whole number of posts from 1 up');
  }

  const windowMs = parseDuration(read(env, 'RATE_LIMIT_WINDOW') ?? '1 minute');
  if (windowMs === null)
    bad('RATE_LIMIT_WINDOW', 'a duration such as "1 minute", "30s" or 60000 (milliseconds)');

  // A classroom behind one address finishes a puzzle at about the same time: at least 60 a minute.
  const resultsMaxText = read(env, 'RESULTS_RATE_LIMIT_MAX') ?? '120';
  const resultsMax = Number(resultsMaxText);
  if (!/^\d+$/.test(resultsMaxText) || resultsMax < 1 || !Number.isSafeInteger(resultsMax)) {
    bad('RESULTS_RATE_LIMIT_MAX', 'a whole number of results from 1 up');
  }
  const resultsWindowMs = parseDuration(read(env, 'RESULTS_RATE_LIMIT_WINDOW') ?? '1 minute');
  if (resultsWindowMs === null) {
    bad(
      'RESULTS_RATE_LIMIT_WINDOW',
      'a duration such as "1 minute", "30s" or 60000 (milliseconds)',
    );
  }

  // Why these defaults: core/crowd.ts.
  const perAddressText = read(env, 'RESULTS_PER_ADDRESS') ?? String(DEFAULT_RESULTS_PER_ADDRESS);
  const resultsPerAddress = Number(perAddressText);
  if (
    !/^\d+$/.test(perAddressText) ||
    resultsPerAddress < 1 ||
    !Number.isSafeInteger(resultsPerAddress)
  ) {
    bad('RESULTS_PER_ADDRESS', 'a whole number of results from 1 up');
  }
  const perNetworkText = read(env, 'RESULTS_PER_NETWORK') ?? String(DEFAULT_RESULTS_PER_NETWORK);
  const resultsPerNetwork = Number(perNetworkText);
  if (
    !/^\d+$/.test(perNetworkText) ||
    resultsPerNetwork < 1 ||
    !Number.isSafeInteger(resultsPerNetwork)
  ) {
    bad('RESULTS_PER_NETWORK', 'a whole number of results from 1 up');
  }

  // Starting or joining a group of friends is rare: a family joins at once, a script cannot make
  // thousands of groups from one address (server/friends-routes.ts).
  const groupsMaxText = read(env, 'GROUPS_RATE_LIMIT_MAX') ?? String(DEFAULT_GROUPS_RATE_LIMIT.max);
  const groupsMax = Number(groupsMaxText);
  if (!/^\d+$/.test(groupsMaxText) || groupsMax < 1 || !Number.isSafeInteger(groupsMax))
    bad('GROUPS_RATE_LIMIT_MAX', 'a whole number of group starts and joins from 1 up');
  const groupsWindowMs = parseDuration(read(env, 'GROUPS_RATE_LIMIT_WINDOW') ?? '1 hour');
  if (groupsWindowMs === null)
    bad('GROUPS_RATE_LIMIT_WINDOW', 'a duration such as "1 hour", "30 minutes" or 3600000');

  const trustProxyText = read(env, 'TRUST_PROXY') ?? 'false';
  const trustProxy = parseTrustProxy(trustProxyText);
  if (trustProxyText.toLowerCase() === 'true') {
    problems.push(
      'TRUST_PROXY must not be "true": it would trust every X-Forwarded-For, so any client could choose the address its rate limit counts. Set the number of proxies in front of the server (e.g. 1) or their addresses (e.g. "127.0.0.1,10.0.0.0/8").',
    );
  } else if (trustProxy === null) {
    bad(
      'TRUST_PROXY',
      'false, a number of proxy hops, or proxy addresses such as "127.0.0.1,10.0.0.0/8"',
    );
  }

  const siteUrlText = read(env, 'SITE_URL');
  const siteUrl = siteUrlText === undefined ? null : webOrigin(siteUrlText);
  if (siteUrl === null && siteUrlText !== undefined) {
    bad('SITE_URL', 'the address players open, such as https://linchpin.example');
  }

  const logLevel = (read(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  const level = LOG_LEVELS.find((candidate) => candidate === logLevel);
  if (level === undefined) bad('LOG_LEVEL', `one of ${LOG_LEVELS.join(', ')}`);

  // Forms built to post to an external form-forwarding service: the CSP must let them connect.
  const formOrigins: string[] = [];
  for (const name of ['VITE_CONTACT_FORM_URL', 'VITE_PUZZLE_FORM_URL']) {
    const value = read(env, name);
    if (value === undefined || value.startsWith('/')) continue;
    const origin = httpsOrigin(value);
    if (origin) formOrigins.push(origin);
    else bad(name, 'a path on this site such as /api/contact, or an https:// address');
  }

  const drainText = read(env, 'DRAIN_PERIOD') ?? '5s';
  const drainMs = /^0+\s*[a-z]*$/i.test(drainText) ? 0 : parseDuration(drainText);
  if (drainMs === null || drainMs > 300_000)
    bad('DRAIN_PERIOD', 'a duration of at most 5 minutes such as "5s", "30 seconds" or 0');

  const keepText = read(env, 'KEEP_HANDLED_DAYS') ?? String(DEFAULT_KEEP_HANDLED_DAYS);
  const keepHandledDays = Number(keepText);
  if (!/^\d+$/.test(keepText) || keepHandledDays < 1 || keepHandledDays > DELETE_ANY_AFTER_DAYS)
    bad(
      'KEEP_HANDLED_DAYS',
      `a whole number of days from 1 to ${DELETE_ANY_AFTER_DAYS} (the privacy page promises 12 months, backups included)`,
    );

  const hstsText = (read(env, 'HSTS') ?? 'on').toLowerCase();
  const hsts = HSTS_SETTINGS.find((candidate) => candidate === hstsText);
  if (hsts === undefined)
    bad('HSTS', 'off, on (this host only) or subdomains (this host and its subdomains)');

  const metricsPortText = read(env, 'METRICS_PORT');
  const metricsPort = Number(metricsPortText);
  if (metricsPortText !== undefined && (!/^\d+$/.test(metricsPortText) || metricsPort > 65535)) {
    bad('METRICS_PORT', 'a whole number from 0 to 65535, a port players never reach');
  } else if (metricsPortText !== undefined && metricsPort !== 0 && metricsPort === port) {
    bad('METRICS_PORT', `another port than PORT (${port}): players must never reach the metrics`);
  }
  const metricsHost = read(env, 'METRICS_HOST') ?? '127.0.0.1';
  if (isIP(metricsHost.replace(/^\[|\]$/g, '')) === 0 && !/^[a-z0-9.-]+$/i.test(metricsHost)) {
    bad('METRICS_HOST', 'an IP address or a host name such as 127.0.0.1 or 0.0.0.0');
  }
  const metricsAllowText = read(env, 'METRICS_ALLOW');
  const metricsAllow =
    metricsAllowText === undefined ? [] : metricsAllowText.split(',').map((entry) => entry.trim());
  if (!metricsAllow.every((entry) => isProxyAddress(entry) && !PROXY_KEYWORDS.has(entry))) {
    bad('METRICS_ALLOW', 'addresses or networks such as "10.0.0.5,192.168.1.0/24"');
  }

  const vapidPublicKey = read(env, 'VAPID_PUBLIC_KEY') ?? null;
  const vapidPrivateKey = read(env, 'VAPID_PRIVATE_KEY') ?? null;
  if ((vapidPublicKey === null) !== (vapidPrivateKey === null))
    problems.push(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both (a pair made by `npx web-push generate-vapid-keys`) or neither (the server makes its own).',
    );
  else if (vapidPublicKey !== null && !base64UrlOfLength(vapidPublicKey, 65))
    bad('VAPID_PUBLIC_KEY', 'a P-256 public key, 65 bytes in URL-safe base64 (87 characters)');
  else if (vapidPrivateKey !== null && !base64UrlOfLength(vapidPrivateKey, 32))
    bad('VAPID_PRIVATE_KEY', 'a P-256 private key, 32 bytes in URL-safe base64 (43 characters)');
  const vapidSubjectText = read(env, 'VAPID_SUBJECT');
  if (vapidSubjectText !== undefined && !/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(vapidSubjectText))
    bad('VAPID_SUBJECT', 'a mailto: address or an https:// address, e.g. mailto:owner@example.com');

  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = resolve(cwd, read(env, 'DATA_DIR') ?? 'data');
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    rateLimit: { max, windowMs: windowMs ?? 60_000 },
    resultsRateLimit: { max: resultsMax, windowMs: resultsWindowMs ?? 60_000 },
    resultsPerAddress,
    resultsPerNetwork,
    groupsRateLimit: {
      max: groupsMax,
      windowMs: groupsWindowMs ?? DEFAULT_GROUPS_RATE_LIMIT.windowMs,
    },
    trustProxy: trustProxy ?? false,
    siteUrl,
    distDir: resolve(cwd, read(env, 'DIST_DIR') ?? resolve(APP_ROOT, 'dist')),
    logLevel: level ?? 'info',
    csp: {
      // The browser's own definitions: the CSP allows what the built site will load.
      ads: adsOn(adIdsFrom(env)),
      analytics: analyticsIdFrom(env) !== null,
      formOrigins: [...new Set(formOrigins)],
    },
    drainMs: drainMs ?? 5000,
    keepHandledDays,
    hsts: hsts ?? 'on',
    backupDir: backupDirOf(env, dataDir, cwd),
    metrics:
      metricsPortText === undefined
        ? null
        : { port: metricsPort, host: metricsHost, allow: metricsAllow },
    vapid: {
      publicKey: vapidPublicKey,
      privateKey: vapidPrivateKey,
      subject: vapidSubject(vapidSubjectText, siteUrl),
    },
    remindersRateLimit: DEFAULT_REMINDERS_RATE_LIMIT,
  };
}

/** Whether `text` is URL-safe base64 (no padding) of exactly `bytes` bytes. */
function base64UrlOfLength(text: string, bytes: number): boolean {
  return /^[A-Za-z0-9_-]+$/.test(text) && Buffer.from(text, 'base64url').length === bytes;
}
