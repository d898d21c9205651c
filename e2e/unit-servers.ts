import { expect } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../deploy/stack';
import { exited, startAsUnit, type UnitRun } from '../deploy/systemd-unit';
import { docFile } from './going-live-support';

/**
 * The production units (deploy/systemd/) run as systemd runs them (deploy/systemd-unit.ts), with
 * the settings file docs/going-live.md has the owner write, standing for
 * /etc/linchpin/linchpin.env, and this checkout, built, standing for /opt/linchpin/current.
 */
export class UnitServers {
  readonly environmentFile: string;
  private readonly dir: string;
  private readonly runs: UnitRun[] = [];

  constructor() {
    this.dir = mkdtempSync(join(tmpdir(), 'linchpin-units-'));
    this.environmentFile = join(this.dir, 'linchpin.env');
    writeFileSync(this.environmentFile, docFile('/etc/linchpin/linchpin.env'));
  }

  /** Runs a unit's ExecStart (an instance's, for a template), without waiting for anything. */
  start(unit: string, options: { instance?: string; stateDir?: string } = {}): UnitRun {
    const run = startAsUnit({
      unitText: readFileSync(join(REPO_ROOT, 'deploy', 'systemd', unit), 'utf8'),
      checkout: REPO_ROOT,
      environmentFile: this.environmentFile,
      ...options,
    });
    this.runs.push(run);
    return run;
  }

  /** Starts linchpin@<port> and waits until it answers /api/health with 200 (a fresh embedded database takes a while on a busy machine). */
  async startServer(port: number, stateDir?: string): Promise<UnitRun> {
    const run = this.start('linchpin@.service', {
      instance: String(port),
      ...(stateDir ? { stateDir } : {}),
    });
    await expect
      .poll(
        async () => {
          if (run.child.exitCode !== null) throw new Error(`the server exited:\n${run.output()}`);
          return answers(`http://127.0.0.1:${port}/api/health`);
        },
        { timeout: 120_000, intervals: [250] },
      )
      .toBe(200);
    return run;
  }

  /** Kills whatever still runs, and removes every folder. */
  async dispose(): Promise<void> {
    for (const run of this.runs) {
      if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
      await exited(run.child);
      rmSync(run.stateDir, { recursive: true, force: true });
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The status a GET of `url` answers, 0 when nothing answers. */
export async function answers(url: string): Promise<number> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}
