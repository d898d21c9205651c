import { describe, expect, it } from 'vitest';
import { countPlaywright, countVitest, formatTotals, summarise } from './count-tests.mjs';

/** The fields Vitest's JSON reporter writes, trimmed to what matters here. */
function vitestReport(overrides: Record<string, unknown> = {}) {
  return {
    numTotalTestSuites: 3,
    numPassedTestSuites: 3,
    numFailedTestSuites: 0,
    numTotalTests: 12,
    numPassedTests: 10,
    numFailedTests: 0,
    numPendingTests: 1,
    numTodoTests: 1,
    success: true,
    testResults: [
      {
        name: '/project/core/puzzle-check.test.ts',
        status: 'passed',
        message: '',
        assertionResults: [{ title: 'accepts a well-formed puzzle', status: 'passed' }],
      },
    ],
    ...overrides,
  };
}

function playwrightTest(status: string) {
  return { projectName: 'desktop', status, results: [{ status: 'passed' }] };
}

/** The nesting Playwright's JSON reporter writes: file suite > describe suites > specs > tests. */
function playwrightReport(overrides: Record<string, unknown> = {}) {
  return {
    config: {},
    suites: [
      {
        title: 'smoke.spec.ts',
        file: 'smoke.spec.ts',
        specs: [{ title: 'home loads', ok: true, tests: [playwrightTest('expected')] }],
        suites: [
          {
            title: 'game',
            file: 'game.spec.ts',
            specs: [
              { title: 'wins', ok: true, tests: [playwrightTest('expected')] },
              { title: 'retries', ok: true, tests: [playwrightTest('flaky')] },
              { title: 'loses', ok: false, tests: [playwrightTest('unexpected')] },
              { title: 'later', ok: true, tests: [playwrightTest('skipped')] },
            ],
          },
        ],
      },
    ],
    errors: [],
    stats: { expected: 2, unexpected: 1, flaky: 1, skipped: 1 },
    ...overrides,
  };
}

describe('countVitest', () => {
  it('reads passed and failed, and counts pending and todo as skipped', () => {
    expect(countVitest(vitestReport({ numFailedTests: 2 }))).toEqual({
      passed: 10,
      failed: 2,
      skipped: 2,
      notes: [],
    });
  });

  it('counts a test file that failed before its tests ran as one failure, with its name', () => {
    const report = vitestReport({
      numPassedTests: 4,
      numPendingTests: 0,
      numTodoTests: 0,
      success: false,
      testResults: [
        {
          name: '/project/src/app/app.test.tsx',
          status: 'failed',
          message: "Cannot find module './missing'\n    at somewhere",
          assertionResults: [],
        },
      ],
    });
    expect(countVitest(report)).toEqual({
      passed: 4,
      failed: 1,
      skipped: 0,
      notes: [
        "/project/src/app/app.test.tsx failed outside any test: Cannot find module './missing'",
      ],
    });
  });

  it('does not count a file twice when its own tests already failed', () => {
    const report = vitestReport({
      numFailedTests: 1,
      success: false,
      testResults: [
        {
          name: 'a.test.ts',
          status: 'failed',
          message: '',
          assertionResults: [{ status: 'failed' }, { status: 'passed' }],
        },
      ],
    });
    expect(countVitest(report).failed).toBe(1);
  });

  it('names each failed test with its file and the first line of its message', () => {
    const report = vitestReport({
      numFailedTests: 1,
      success: false,
      testResults: [
        {
          name: 'server/app.test.ts',
          status: 'failed',
          message: '',
          assertionResults: [
            {
              fullName: 'the server answers 201',
              status: 'failed',
              failureMessages: ['AssertionError: expected 500 to be 201\n    at somewhere'],
            },
            { fullName: 'the server answers 400', status: 'passed' },
          ],
        },
      ],
    });
    expect(countVitest(report).notes).toEqual([
      'failed: server/app.test.ts › the server answers 201: AssertionError: expected 500 to be 201',
    ]);
  });

  it('counts an unsuccessful run without failed tests (an unhandled error) as a failure', () => {
    const tally = countVitest(vitestReport({ success: false }));
    expect(tally.failed).toBe(1);
    expect(tally.notes).toEqual(['Vitest reported errors outside any test (see its output above)']);
  });

  it('rejects something that is not a Vitest report', () => {
    expect(() => countVitest({ suites: [] })).toThrow('not a Vitest JSON report');
    expect(() => countVitest(null)).toThrow('not a Vitest JSON report');
  });
});

describe('countPlaywright', () => {
  it('counts by test outcome through nested suites: flaky passed, unexpected failed', () => {
    expect(countPlaywright(playwrightReport())).toEqual({
      passed: 3,
      failed: 1,
      skipped: 1,
      notes: ['failed: game.spec.ts › loses'],
    });
  });

  it('names each failed test with the first line of its last error', () => {
    const failing = {
      projectName: 'desktop',
      status: 'unexpected',
      results: [
        { status: 'failed', error: { message: 'first try' } },
        { status: 'timedOut', error: { message: 'Test timeout of 30000ms exceeded.\nmore' } },
      ],
    };
    const report = playwrightReport({
      suites: [
        {
          title: 'game.spec.ts',
          file: 'game.spec.ts',
          specs: [{ title: 'loses', ok: false, tests: [failing] }],
        },
      ],
    });
    expect(countPlaywright(report).notes).toEqual([
      'failed: game.spec.ts › loses: Test timeout of 30000ms exceeded.',
    ]);
  });

  it('counts one test per project', () => {
    const report = playwrightReport({
      suites: [
        {
          title: 'a.spec.ts',
          specs: [
            {
              title: 'x',
              tests: [
                playwrightTest('expected'),
                { ...playwrightTest('expected'), projectName: 'phone' },
              ],
            },
          ],
        },
      ],
    });
    expect(countPlaywright(report).passed).toBe(2);
  });

  it('counts an error outside any test, such as a web server that did not start', () => {
    const report = playwrightReport({
      suites: [],
      errors: [{ message: 'Error: Process from config.webServer exited early.\nmore detail' }],
    });
    expect(countPlaywright(report)).toEqual({
      passed: 0,
      failed: 1,
      skipped: 0,
      notes: [
        'Playwright error outside any test: Error: Process from config.webServer exited early.',
      ],
    });
  });

  it('rejects something that is not a Playwright report', () => {
    expect(() => countPlaywright(vitestReport())).toThrow('not a Playwright JSON report');
  });
});

describe('formatTotals', () => {
  it('leaves skipped out when nothing was skipped', () => {
    expect(formatTotals({ passed: 5, failed: 0, skipped: 0 })).toBe('tests: 5 passed, 0 failed');
    expect(formatTotals({ passed: 5, failed: 1, skipped: 2 })).toBe(
      'tests: 5 passed, 1 failed, 2 skipped',
    );
  });
});

describe('summarise', () => {
  it('adds both runners up and ends with the tests line', () => {
    const summary = summarise([
      { name: 'vitest', report: vitestReport({ numPendingTests: 0, numTodoTests: 0 }) },
      {
        name: 'playwright',
        report: playwrightReport({
          suites: [{ title: 's', specs: [{ title: 't', tests: [playwrightTest('expected')] }] }],
        }),
      },
    ]);
    expect(summary.lines).toEqual([
      'vitest: 10 passed, 0 failed',
      'playwright: 1 passed, 0 failed',
      'tests: 11 passed, 0 failed',
    ]);
    expect(summary.ok).toBe(true);
  });

  it('fails on any failed test', () => {
    const summary = summarise([
      { name: 'vitest', report: vitestReport() },
      { name: 'playwright', report: playwrightReport() },
    ]);
    expect(summary.lines.at(-1)).toBe('tests: 13 passed, 1 failed, 3 skipped');
    expect(summary.ok).toBe(false);
  });

  it('counts a missing report as a failure and says so before the tests line', () => {
    const summary = summarise([
      { name: 'vitest', report: vitestReport({ numPendingTests: 0, numTodoTests: 0 }) },
      { name: 'playwright', error: 'reports/playwright.json: ENOENT: no such file or directory' },
    ]);
    expect(summary.lines).toEqual([
      'vitest: 10 passed, 0 failed',
      'playwright: report missing or unreadable (reports/playwright.json: ENOENT: no such file or directory); counted as 1 failure',
      'tests: 10 passed, 1 failed',
    ]);
    expect(summary.ok).toBe(false);
  });

  it('counts a report of the wrong shape as a failure', () => {
    const summary = summarise([{ name: 'vitest', report: { hello: 'world' } }]);
    expect(summary.failed).toBe(1);
    expect(summary.ok).toBe(false);
  });

  it('fails when no test ran, even with nothing failed', () => {
    const summary = summarise([
      {
        name: 'vitest',
        report: vitestReport({
          numPassedTests: 0,
          numPendingTests: 3,
          numTodoTests: 0,
          testResults: [],
        }),
      },
      { name: 'playwright', report: playwrightReport({ suites: [] }) },
    ]);
    expect(summary.lines.slice(-2)).toEqual([
      'No test ran.',
      'tests: 0 passed, 0 failed, 3 skipped',
    ]);
    expect(summary.ok).toBe(false);
  });
});
