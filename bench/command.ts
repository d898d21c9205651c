import { spawn } from 'node:child_process';
import { REPO_ROOT } from '../server/testing/server-process';

/** Runs a command from the repository root, output straight to the terminal; rejects on a non-zero exit. */
export function runCommand(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, stdio: 'inherit', env });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')}: exit ${code}`)),
    );
  });
}
