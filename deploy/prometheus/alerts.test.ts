import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The alert rules (deploy/prometheus/alerts.yml) and the reference stack's Prometheus
 * configuration, checked by Debian's promtool (the gate installs the prometheus package when it
 * is missing, scripts/gate.mjs), and each alert unit-tested on series that should fire it and on
 * healthy ones (alerts.test.yml).
 */
const PROMTOOL = '/usr/bin/promtool';
const DIR = import.meta.dirname;

function promtool(...args: string[]) {
  const result = spawnSync(PROMTOOL, args, { cwd: DIR, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('the alert rules', () => {
  it("have Debian's promtool to check them (npm test installs the prometheus package)", () => {
    expect(existsSync(PROMTOOL), `${PROMTOOL} (apt-get install prometheus)`).toBe(true);
  });

  it('are valid rules, and the stack’s Prometheus configuration is valid', () => {
    const rules = promtool('check', 'rules', join(DIR, 'alerts.yml'));
    expect(rules.output).toContain('SUCCESS: 9 rules found');
    expect(rules.status).toBe(0);
    const config = promtool('check', 'config', join(DIR, 'prometheus.yml'));
    expect(config.output).toContain('is valid prometheus config file syntax');
    expect(config.status).toBe(0);
  });

  it('each fire on series that should fire them and stay silent on healthy ones', () => {
    const tests = promtool('test', 'rules', join(DIR, 'alerts.test.yml'));
    expect(tests.output).toContain('SUCCESS');
    expect(tests.status).toBe(0);
  }, 60_000);
});
