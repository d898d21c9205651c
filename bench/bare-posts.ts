/**
 * The rush's bare floor, measured beside the midnight rush with groups (bench/server-friends.ts):
 * the same posts, from the same load generator and connections, to as many bare servers
 * (bench/bare-post-server.ts) on the same PostgreSQL database. What they finish is what this
 * machine gives for storing the rush's rows at all, whatever the code; the rush's budget measured
 * against it tells the machine's share of a miss from the site's.
 */
import { startEach, startProcess, type ServerProcess } from '../server/testing/server-process';

/** The bare servers' table, made in the bench's database before they start. */
export const BARE_TABLE = 'CREATE TABLE bare_posts (id bigserial PRIMARY KEY, body text NOT NULL)';

/** `count` bare servers on `databaseUrl`, whose table BARE_TABLE made; a post to the groups keeps `groupRows` rows. */
export function startBarePostServers(
  count: number,
  databaseUrl: string,
  groupRows: number,
): Promise<ServerProcess[]> {
  return startEach(count, () =>
    startProcess({
      command: [process.execPath, '--import', 'tsx', 'bench/bare-post-server.ts'],
      env: { DATABASE_URL: databaseUrl, BARE_GROUP_ROWS: String(groupRows) },
      listening: /bare post server at (http:\/\/\S+)/,
    }),
  );
}

/**
 * The rush's budget line: met or not, and beside a miss what its bare floor says of it, the
 * machine's (the floor misses it too, so no code could meet it here) or the site's (the floor
 * meets it, and how many times the site's rate it is). A floor's miss stays a miss.
 */
export function rushBudgetLine(
  goal: number,
  resultsPerSecond: number,
  lost: number,
  bareFloor: number,
): string {
  const line = `budget (≥ ${goal} results/s, lost 0)`;
  if (resultsPerSecond >= goal && lost === 0) return `${line}: met`;
  const floor = Math.round(bareFloor);
  const beside =
    bareFloor < goal
      ? `its bare floor misses it too here: ${floor}/s`
      : `its bare floor meets it here (${floor}/s, ${(bareFloor / Math.max(resultsPerSecond, 1)).toFixed(1)}× the site's): the site's own work`;
  return `${line}: NOT met; ${beside}`;
}
