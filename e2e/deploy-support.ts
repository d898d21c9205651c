import { spawn } from 'node:child_process';
import { mkdtempSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyCheckout } from '../deploy/releases';
import { REPO_ROOT } from '../deploy/stack';

/** A new folder only its owner may enter (mode 0700), as a `mktemp -d`, /root or /opt/linchpin. */
export function privateFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'linchpin-private-'));
  if ((statSync(dir).mode & 0o777) !== 0o700) throw new Error(`${dir} is not mode 0700`);
  return dir;
}

/**
 * A clone of this checkout (its files as they are now) at `dir`, with this checkout's packages
 * (and, with `built`, its build) linked in: installing and building again would add minutes and
 * prove nothing more.
 */
export async function cloneCheckout(dir: string, built: boolean): Promise<string> {
  await copyCheckout(REPO_ROOT, dir);
  for (const name of built ? ['node_modules', 'dist', 'dist-server'] : ['node_modules'])
    symlinkSync(join(REPO_ROOT, name), join(dir, name));
  return dir;
}

/**
 * Runs the owner's command `tsx deploy/cli.ts <args>` (what `npm run deploy:<args>` runs) in `cwd`
 * and resolves with what it printed; rejects with it when it fails.
 */
export function deployCli(
  cwd: string,
  args: string[],
  env: Record<string, string>,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'deploy/cli.ts', ...args], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`deploy/cli.ts ${args.join(' ')} exited ${code}:\n${output}`)),
    );
  });
}
