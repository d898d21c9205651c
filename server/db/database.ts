/** One row as the driver returns it; read it through a schema before use. */
export type Row = Record<string, unknown>;

/**
 * A statement run on every request of a busy route (a rate limit's count, a group's page data):
 * on PostgreSQL each connection parses and plans it once, under its name, and then only binds
 * and runs it (half the database's time for a group's page data). Every name is made once, in
 * the module that owns the statement, beside its text; a text built from varying parts never is
 * one (each variant would stay prepared on every connection).
 */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

/** The statement `text`, prepared on each PostgreSQL connection under `name`. */
export const prepared = (name: string, text: string): Statement => ({ name, text });

/** The SQL of a statement, prepared or not. */
export const sqlText = (sql: string | Statement): string =>
  typeof sql === 'string' ? sql : sql.text;

/** Something that runs parameterised SQL: the database itself, or one transaction on it. */
export interface Queryable {
  /** One statement with `$1`-style parameters. */
  query(sql: string | Statement, params?: readonly unknown[]): Promise<Row[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** The embedded database (PGlite) or a PostgreSQL server, behind one interface. */
export interface Database extends Queryable {
  readonly kind: 'embedded' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: runs `work` on one connection held for it (no transaction), for what lives
   * as long as a session, such as an advisory lock (server/reminder-sender.ts).
   */
  readonly session?: <T>(work: (connection: Queryable) => Promise<T>) => Promise<T>;
  /** A PostgreSQL pool's connections (server/metrics.ts); absent on the embedded database. */
  readonly pool?: () => { total: number; idle: number; waiting: number };
}
