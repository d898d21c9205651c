/** The test rig's own role and database (never `linchpin`, a production host's role). */
export const RIG_ROLE: string;
export const RIG_DATABASE: string;
/** The comment the rig gives the role it creates. */
export const RIG_MARK: string;

/**
 * Starts the local PostgreSQL when needed and returns the URL of a test database on it
 * (TEST_DATABASE_URL unchanged when it is already set). A role or database of the rig's names
 * that the rig did not make is refused, never changed.
 */
export function ensurePostgres(options?: {
  log?: (line: string) => void;
  role?: string;
  database?: string;
}): Promise<string>;
