import pg from 'pg';
import { type Database, type Queryable, type Row } from './database';

function queryable(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query(sql, params = []) {
      const values = [...params];
      const result = await (typeof sql === 'string'
        ? target.query<Row>(sql, values)
        : target.query<Row>({ name: sql.name, text: sql.text, values }));
      return result.rows;
    },
    async exec(sql) {
      await target.query(sql);
    },
  };
}

/** A PostgreSQL server reached through a connection pool (DATABASE_URL). */
export async function openPostgresDatabase(connectionString: string): Promise<Database> {
  // Connections once opened are kept (no idle timeout): opening one costs a SCRAM exchange, slow
  // by design (~5 ms of this process's CPU, as much again of the database's), and a pool that let
  // them go when traffic was quiet would open them all again together when it rises, at the
  // midnight rush: 30 at once stall every request behind them for 150 ms or more
  // (docs/server.md "Play with friends").
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 0,
  });
  // Without a listener, an idle client losing its connection would crash the process.
  pool.on('error', () => {});
  // Fail at start-up, not at the first post, when the server cannot be reached.
  const client = await pool.connect().catch(async (error: unknown) => {
    await pool.end();
    throw error;
  });
  client.release();

  return {
    kind: 'postgres',
    ...queryable(pool),
    async transaction(work) {
      const tx = await pool.connect();
      try {
        await tx.query('BEGIN');
        const result = await work(queryable(tx));
        await tx.query('COMMIT');
        return result;
      } catch (error) {
        await tx.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        tx.release();
      }
    },
    async session(work) {
      const connection = await pool.connect();
      try {
        return await work(queryable(connection));
      } finally {
        connection.release();
      }
    },
    close: () => pool.end(),
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
