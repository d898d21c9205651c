import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The environment that has Debian's libfaketime move a server process's clock by `offsetS`
 * seconds, running `speed` times fast (Date.now and timers alike), loaded into the process itself
 * so that stopping it stops the server. deploy/stack.ts `fakeClockEnv` gives it to the reference
 * stack's processes, once it has installed the package.
 */
export function fakeClockEnv(offsetS: number, speed = 1): Record<string, string> {
  const library = readdirSync('/usr/lib', { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join('/usr/lib', entry.name, 'faketime', 'libfaketime.so.1'))
    .find((path) => existsSync(path));
  if (!library)
    throw new Error(
      "libfaketime.so.1 not found: install Debian's faketime (apt-get install faketime).",
    );
  const offset = `${offsetS >= 0 ? '+' : ''}${Math.round(offsetS)}`;
  return { LD_PRELOAD: library, FAKETIME: speed === 1 ? offset : `${offset} x${speed}` };
}
