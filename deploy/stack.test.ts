import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkEnterableByAll, freePort, prepareRunDir, startNginx } from './stack';

/**
 * The reference stack's run folder (deploy/stack.ts): where Varnish's and nginx's workers, users
 * of their own, can read it; and a program that fails to start shows its own error.
 */
let dir = '';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'linchpin-stack-test-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the run folder', () => {
  it('is made open to the stack’s other users, under folders they may enter', () => {
    const runDir = join(dir, 'run');
    chmodSync(dir, 0o755);
    prepareRunDir(runDir);
    expect(statSync(runDir).mode & 0o777).toBe(0o755);
    expect(statSync(join(runDir, 'tmp')).mode & 0o777).toBe(0o755);
  });

  it('is refused under a folder only its owner may enter, naming that folder', () => {
    chmodSync(dir, 0o700);
    const runDir = join(dir, 'checkout', '.deploy');
    mkdirSync(runDir, { recursive: true });
    expect(() => checkEnterableByAll(runDir, true)).toThrow(
      `${dir} is closed to other users (mode 700)`,
    );
  });

  it('is not taken when a symlink stands in its place', () => {
    chmodSync(dir, 0o755);
    mkdirSync(join(dir, 'elsewhere'));
    symlinkSync(join(dir, 'elsewhere'), join(dir, 'run'));
    expect(() => prepareRunDir(join(dir, 'run'))).toThrow('is not a folder of this user');
  });
});

describe('a program that fails to start', () => {
  it('shows its own error and how it ended, not an earlier run’s log', async () => {
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, 'nginx-error.log'), 'an earlier run’s line\n');
    const port = await freePort();
    const failed = startNginx(dir, 'daemon off;\nbogus_directive on;\nevents {}\n', port);
    await expect(failed).rejects.toThrow(/nginx did not start \(it ended, exit code 1\)/);
    await expect(failed).rejects.toThrow('unknown directive "bogus_directive"');
    await expect(failed).rejects.not.toThrow('an earlier run’s line');
  }, 30_000);
});
