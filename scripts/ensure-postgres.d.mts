/**
 * Starts the local PostgreSQL when needed and returns the URL of a test database on it
 * (TEST_DATABASE_URL unchanged when it is already set).
 */
export function ensurePostgres(options?: { log?: (line: string) => void }): Promise<string>;
