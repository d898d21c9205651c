#!/usr/bin/env node
// Sums the test results of the gate's JSON reports and prints the line CI reads, always last:
//   tests: N passed, N failed[, N skipped]
// Exits non-zero when a test failed, a report is missing or unreadable, or no test ran.
// Plain Node, no dependencies. Types for the exports: count-tests.d.mts.
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** @typedef {{ passed: number, failed: number, skipped: number, notes: string[] }} Tally */

/** @returns {Tally} */
function emptyTally() {
  return { passed: 0, failed: 0, skipped: 0, notes: [] };
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isRecord(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** @param {unknown} value */
function count(value) {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

/**
 * Vitest's JSON reporter: numPassedTests, numFailedTests, numPendingTests (skipped), numTodoTests.
 * A test file that fails before its tests run (a syntax error, a failing import) has no failed test
 * of its own; it counts as one failure so it cannot pass unnoticed.
 * @param {unknown} report
 * @returns {Tally}
 */
export function countVitest(report) {
  const tally = emptyTally();
  if (!isRecord(report)) throw new Error('not a Vitest JSON report');
  const passed = count(report.numPassedTests);
  const failed = count(report.numFailedTests);
  if (passed === null || failed === null) throw new Error('not a Vitest JSON report');
  tally.passed = passed;
  tally.failed = failed;
  tally.skipped = (count(report.numPendingTests) ?? 0) + (count(report.numTodoTests) ?? 0);

  const files = Array.isArray(report.testResults) ? report.testResults : [];
  for (const file of files) {
    if (!isRecord(file) || file.status !== 'failed') continue;
    const assertions = Array.isArray(file.assertionResults) ? file.assertionResults : [];
    const failedHere = assertions.filter((a) => isRecord(a) && a.status === 'failed');
    for (const assertion of failedHere) {
      const title = typeof assertion.fullName === 'string' ? assertion.fullName : 'a test';
      const messages = Array.isArray(assertion.failureMessages) ? assertion.failureMessages : [];
      const why = typeof messages[0] === 'string' ? `: ${firstLine(messages[0])}` : '';
      tally.notes.push(`failed: ${fileName(file)} › ${title}${why}`);
    }
    if (failedHere.length > 0) continue;
    tally.failed += 1;
    const why =
      typeof file.message === 'string' && file.message ? `: ${firstLine(file.message)}` : '';
    tally.notes.push(`${fileName(file)} failed outside any test${why}`);
  }
  if (report.success === false && tally.failed === 0) {
    tally.failed += 1;
    tally.notes.push('Vitest reported errors outside any test (see its output above)');
  }
  return tally;
}

/**
 * Playwright's JSON reporter: every test (one per project) has an outcome. expected and flaky
 * count as passed, unexpected as failed, skipped as skipped. Errors outside tests (the web server
 * did not start, global setup threw) count as one failure each.
 * @param {unknown} report
 * @returns {Tally}
 */
export function countPlaywright(report) {
  const tally = emptyTally();
  if (!isRecord(report) || !Array.isArray(report.suites)) {
    throw new Error('not a Playwright JSON report');
  }
  /** @param {unknown[]} suites */
  const walk = (suites) => {
    for (const suite of suites) {
      if (!isRecord(suite)) continue;
      for (const spec of Array.isArray(suite.specs) ? suite.specs : []) {
        if (!isRecord(spec)) continue;
        for (const test of Array.isArray(spec.tests) ? spec.tests : []) {
          if (!isRecord(test)) continue;
          if (test.status === 'expected' || test.status === 'flaky') tally.passed += 1;
          else if (test.status === 'skipped') tally.skipped += 1;
          else {
            tally.failed += 1;
            const file = spec.file ?? suite.file;
            const where = typeof file === 'string' ? `${file} › ` : '';
            const title = typeof spec.title === 'string' ? spec.title : 'a test';
            tally.notes.push(`failed: ${where}${title}${playwrightError(test)}`);
          }
        }
      }
      if (Array.isArray(suite.suites)) walk(suite.suites);
    }
  };
  walk(report.suites);

  for (const error of Array.isArray(report.errors) ? report.errors : []) {
    tally.failed += 1;
    const message = isRecord(error) && typeof error.message === 'string' ? error.message : '';
    tally.notes.push(`Playwright error outside any test: ${firstLine(message) || 'unknown'}`);
  }
  return tally;
}

/** The first line of a failed Playwright test's last error, after a colon. @param {Record<string, unknown>} test */
function playwrightError(test) {
  const results = Array.isArray(test.results) ? test.results : [];
  const last = results.at(-1);
  const error = isRecord(last) && isRecord(last.error) ? last.error : null;
  const message = error && typeof error.message === 'string' ? firstLine(error.message) : '';
  return message ? `: ${message}` : '';
}

/** A report's file name, relative to the working directory when it is inside it. @param {Record<string, unknown>} file */
function fileName(file) {
  if (typeof file.name !== 'string') return 'a test file';
  const path = relative(process.cwd(), file.name);
  return path.startsWith('..') ? file.name : path;
}

/** @param {string} text */
function firstLine(text) {
  // eslint-disable-next-line no-control-regex -- strip terminal colours from runner messages
  const plain = text.replace(/\u001b\[[0-9;]*m/g, '').trim();
  return plain.split('\n')[0]?.trim() ?? '';
}

/**
 * @param {{ passed: number, failed: number, skipped: number }} totals
 * @returns {string}
 */
export function formatTotals({ passed, failed, skipped }) {
  const line = `tests: ${passed} passed, ${failed} failed`;
  return skipped > 0 ? `${line}, ${skipped} skipped` : line;
}

/**
 * Adds up the reports. A source whose report could not be read (`error`) or is not a report of its
 * runner counts as one failure, explained on its own line.
 * @param {{ name: string, report?: unknown, error?: string }[]} sources
 * @returns {{ passed: number, failed: number, skipped: number, lines: string[], ok: boolean }}
 */
export function summarise(sources) {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  /** @type {string[]} */
  const lines = [];
  for (const source of sources) {
    let tally;
    try {
      if (source.error !== undefined) throw new Error(source.error);
      tally =
        source.name === 'playwright' ? countPlaywright(source.report) : countVitest(source.report);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      lines.push(`${source.name}: report missing or unreadable (${message}); counted as 1 failure`);
      totals.failed += 1;
      continue;
    }
    for (const note of tally.notes) lines.push(`${source.name}: ${note}`);
    lines.push(`${source.name}: ${formatTotals(tally).replace(/^tests: /, '')}`);
    totals.passed += tally.passed;
    totals.failed += tally.failed;
    totals.skipped += tally.skipped;
  }
  const ran = totals.passed + totals.failed > 0;
  if (!ran) lines.push('No test ran.');
  lines.push(formatTotals(totals));
  return { ...totals, lines, ok: ran && totals.failed === 0 };
}

/** @param {string} path @returns {{ report?: unknown, error?: string }} */
function readReport(path) {
  try {
    return { report: JSON.parse(readFileSync(path, 'utf8')) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const sources = [
    { name: 'vitest', path: join(root, 'reports', 'vitest.json') },
    { name: 'playwright', path: join(root, 'reports', 'playwright.json') },
  ].map(({ name, path }) => {
    const read = readReport(path);
    const error = read.error === undefined ? undefined : `${relative(root, path)}: ${read.error}`;
    return error === undefined ? { name, report: read.report } : { name, error };
  });
  const summary = summarise(sources);
  for (const line of summary.lines) console.log(line);
  process.exitCode = summary.ok ? 0 : 1;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main();
}
