#!/usr/bin/env node
// The whole gate, `npm test`: every step runs even when an earlier one failed (end-to-end tests
// are skipped when the build failed), then a summary table; exits 1 when any step failed.
// Plain Node, no dependencies. Reports go to reports/ (vitest.json, playwright.json).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePostgres } from './ensure-postgres.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const REPORTS = join(ROOT, 'reports');
const CHROMIUM = '/usr/bin/chromium';
const STRACE = '/usr/bin/strace';
const FAKETIME = '/usr/bin/faketime';
const NGINX = '/usr/sbin/nginx';
const VARNISHD = '/usr/sbin/varnishd';
const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';
const CERTUTIL = '/usr/bin/certutil';
const NFT = '/usr/sbin/nft';
const PROMTOOL = '/usr/bin/promtool';
const STEP_TIMEOUT_MS = 20 * 60_000;
const POSTGRES_TIMEOUT_MS = 2 * 60_000;

/** @typedef {'passed' | 'failed' | 'skipped'} Outcome */
/** @typedef {{ outcome: Outcome, note?: string }} StepResult */

/** @type {import('node:child_process').ChildProcess | null} */
let running = null;

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    if (running?.pid) {
      try {
        process.kill(-running.pid, signal);
      } catch {
        // already gone
      }
    }
    process.exit(130);
  });
}

/**
 * Runs a command in its own process group, output straight to the terminal.
 * @param {string} command
 * @param {string[]} args
 * @returns {Promise<StepResult>}
 */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', detached: true });
    running = child;
    const timer = setTimeout(() => {
      console.error(
        `gate: ${command} ${args.join(' ')} took over ${STEP_TIMEOUT_MS / 60_000} min; stopping it`,
      );
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, STEP_TIMEOUT_MS);
    const finish = (/** @type {StepResult} */ result) => {
      clearTimeout(timer);
      running = null;
      resolve(result);
    };
    child.on('error', (error) => finish({ outcome: 'failed', note: error.message }));
    child.on('close', (code, signal) => {
      if (code === 0) finish({ outcome: 'passed' });
      else
        finish({ outcome: 'failed', note: signal ? `killed by ${signal}` : `exit code ${code}` });
    });
  });
}

/** @param {string} script @param {string[]} [extra] */
function npmRun(script, extra = []) {
  return run('npm', ['run', script, ...(extra.length > 0 ? ['--', ...extra] : [])]);
}

/**
 * Installs a Debian package when its program is missing: Chromium for the end-to-end tests, strace
 * for the test that watches the server flush a post to disk (server/durability.test.ts), faketime
 * for a server whose clock is months after its build (e2e/long-run.spec.ts), nginx and Varnish for
 * the reference deployment (deploy/).
 * @param {string} program
 * @param {string} pkg
 * @returns {Promise<StepResult>}
 */
async function ensureDebianPackage(program, pkg) {
  if (existsSync(program)) {
    console.log(`${program} is installed.`);
    return { outcome: 'passed' };
  }
  const asRoot = process.getuid?.() === 0;
  const sudo = asRoot ? '' : 'sudo -n ';
  console.log(`${program} is missing; installing Debian's ${pkg} package.`);
  const result = await run('sh', [
    '-c',
    `${sudo}apt-get update && DEBIAN_FRONTEND=noninteractive ${sudo}apt-get install -y ${pkg}`,
  ]);
  if (result.outcome === 'passed' && !existsSync(program)) {
    return { outcome: 'failed', note: `installed, but ${program} is still missing` };
  }
  return result;
}

/**
 * Starts the local PostgreSQL when needed (scripts/ensure-postgres.mjs) and hands the test database
 * URL to later steps as TEST_DATABASE_URL.
 * @returns {Promise<StepResult>}
 */
async function postgres() {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {Promise<never>} */
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer in ${POSTGRES_TIMEOUT_MS / 1000} s`)),
      POSTGRES_TIMEOUT_MS,
    );
  });
  try {
    const url = await Promise.race([ensurePostgres(), timeout]).finally(() => clearTimeout(timer));
    process.env.TEST_DATABASE_URL = url;
    console.log('TEST_DATABASE_URL is set for the unit tests.');
    return { outcome: 'passed' };
  } catch (error) {
    console.error(error);
    return { outcome: 'failed', note: error instanceof Error ? error.message : String(error) };
  }
}

/** @type {{ name: string, run: (results: Map<string, StepResult>) => Promise<StepResult> }[]} */
const STEPS = [
  { name: 'chromium', run: () => ensureDebianPackage(CHROMIUM, 'chromium') },
  { name: 'strace', run: () => ensureDebianPackage(STRACE, 'strace') },
  // A server weeks after its build (e2e/long-run.spec.ts) runs under Debian's faketime.
  { name: 'faketime', run: () => ensureDebianPackage(FAKETIME, 'faketime') },
  // The reference deployment's proxy and cache (deploy/), run by e2e/behind-proxy.spec.ts and
  // e2e/deploy-stack.spec.ts.
  { name: 'nginx', run: () => ensureDebianPackage(NGINX, 'nginx-light') },
  { name: 'varnish', run: () => ensureDebianPackage(VARNISHD, 'varnish') },
  // The production units' check (scripts/systemd-units.test.ts) and the HTTPS test's browser
  // trust store for its own certificate authority (e2e/https-public.spec.ts).
  { name: 'systemd-analyze', run: () => ensureDebianPackage(SYSTEMD_ANALYZE, 'systemd') },
  { name: 'certutil', run: () => ensureDebianPackage(CERTUTIL, 'libnss3-tools') },
  // docs/going-live.md's firewall rules, checked by e2e/going-live.spec.ts (`nft -c`).
  { name: 'nft', run: () => ensureDebianPackage(NFT, 'nftables') },
  // The alert rules' checks (deploy/prometheus/alerts.test.ts) and the stack's Prometheus.
  { name: 'prometheus', run: () => ensureDebianPackage(PROMTOOL, 'prometheus') },
  { name: 'postgres', run: postgres },
  { name: 'lint', run: () => npmRun('lint') },
  { name: 'typecheck', run: () => npmRun('typecheck') },
  {
    name: 'unit',
    run: () =>
      npmRun('test:unit', [
        '--reporter=default',
        '--reporter=json',
        '--outputFile.json=reports/vitest.json',
      ]),
  },
  { name: 'puzzles', run: () => npmRun('puzzles:check') },
  { name: 'build', run: () => npmRun('build') },
  {
    name: 'e2e',
    run: async (results) =>
      results.get('build')?.outcome === 'passed'
        ? npmRun('test:e2e')
        : { outcome: 'skipped', note: 'the build failed' },
  },
];

/** @param {number} ms */
function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

async function main() {
  rmSync(REPORTS, { recursive: true, force: true });
  mkdirSync(REPORTS, { recursive: true });
  console.log(`gate: ${STEPS.length} steps${process.env.CI ? ' (CI)' : ''}`);

  /** @type {Map<string, StepResult>} */
  const results = new Map();
  /** @type {Map<string, number>} */
  const durations = new Map();
  const started = Date.now();

  for (const [index, step] of STEPS.entries()) {
    console.log(`\n━━━ [${index + 1}/${STEPS.length}] ${step.name} ━━━`);
    const stepStarted = Date.now();
    const result = await step.run(results);
    const took = Date.now() - stepStarted;
    results.set(step.name, result);
    durations.set(step.name, took);
    const note = result.note ? ` (${result.note})` : '';
    console.log(`━━━ ${step.name}: ${result.outcome} in ${seconds(took)}${note}`);
  }

  const width = Math.max(...STEPS.map((step) => step.name.length));
  console.log('\n━━━ summary ━━━');
  for (const step of STEPS) {
    const result = results.get(step.name);
    const mark =
      result?.outcome === 'passed' ? 'ok  ' : result?.outcome === 'skipped' ? 'skip' : 'FAIL';
    const note = result?.note ? `  ${result.note}` : '';
    console.log(
      `${mark}  ${step.name.padEnd(width)}  ${seconds(durations.get(step.name) ?? 0).padStart(8)}${note}`,
    );
  }
  const failed = STEPS.filter((step) => results.get(step.name)?.outcome === 'failed').map(
    (s) => s.name,
  );
  console.log(`total ${seconds(Date.now() - started)}`);
  console.log(failed.length > 0 ? `gate failed: ${failed.join(', ')}` : 'gate passed');
  return failed.length > 0 ? 1 : 0;
}

// Exit explicitly: a handle left open by ensure-postgres must not keep the gate waiting.
process.exit(await main());
