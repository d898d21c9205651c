#!/usr/bin/env node
// Installs npm packages only when node_modules does not match package-lock.json.
// Plain Node, no dependencies: it must run on a fresh clone before anything is installed.
//
// Fast path: node_modules/.package-lock.json (npm's record of what it installed) is at least as new
// as package-lock.json. Otherwise the two are compared by content, so a lock file that was merely
// touched (a checkout, a rebase) does not cost a reinstall; any real difference runs `npm ci`.
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lockPath = join(root, 'package-lock.json');
const installedPath = join(root, 'node_modules', '.package-lock.json');

/** @param {string} path */
function mtimeMs(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

/** @param {string} path @returns {Record<string, {version?: string, optional?: boolean, devOptional?: boolean}> | null} */
function readPackages(path) {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8'));
    return parsed && typeof parsed.packages === 'object' ? parsed.packages : null;
  } catch {
    return null;
  }
}

/** Why node_modules needs a fresh install, or null when it is up to date. */
function staleReason() {
  if (mtimeMs(join(root, 'node_modules')) === null) return 'node_modules is missing';
  const lockTime = mtimeMs(lockPath);
  if (lockTime === null) return null; // no lock file to compare with
  const installedTime = mtimeMs(installedPath);
  if (installedTime === null) return 'node_modules/.package-lock.json is missing';
  if (installedTime >= lockTime) return null;

  const wanted = readPackages(lockPath);
  const installed = readPackages(installedPath);
  if (!wanted || !installed) return 'a lock file cannot be read';
  for (const [path, entry] of Object.entries(wanted)) {
    if (path === '') continue; // the project itself
    const have = installed[path];
    // Optional packages for other platforms (esbuild, rollup binaries) are never installed here.
    if (!have) {
      if (entry.optional || entry.devOptional) continue;
      return `${path} is not installed`;
    }
    if (have.version !== entry.version)
      return `${path} is ${have.version}, lock wants ${entry.version}`;
  }
  for (const path of Object.keys(installed)) {
    if (!(path in wanted)) return `${path} is installed but not in package-lock.json`;
  }
  return null;
}

const reason = staleReason();
if (reason === null) {
  process.exit(0);
}

console.log(`ensure-deps: ${reason}; running npm ci`);
if (npm('ci') === 0) process.exit(0);

// `npm ci` refuses a lock file that lacks optional packages for other platforms, which a registry
// mirror may not carry at all; `npm install` skips those. It must not change the lock file, though:
// a change means package.json and package-lock.json really disagree.
console.log('ensure-deps: npm ci failed; trying npm install');
const lockBefore = readText(lockPath);
const status = npm('install');
if (status !== 0) process.exit(status);
if (readText(lockPath) !== lockBefore) {
  console.error(
    'ensure-deps: package-lock.json did not match package.json; npm install has updated it. ' +
      'Review and commit package-lock.json.',
  );
  process.exit(process.env.CI ? 1 : 0);
}
process.exit(0);

/** @param {'ci' | 'install'} command @returns {number} */
function npm(command) {
  const result = spawnSync('npm', [command, '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.error) {
    console.error(`ensure-deps: could not run npm: ${result.error.message}`);
    return 1;
  }
  return result.status ?? 1;
}

/** @param {string} path */
function readText(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
