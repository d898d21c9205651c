/**
 * The rush's bare floor (bench/bare-posts.ts): the least a server can do for the midnight rush's
 * posts and still store them. node:http with no framework; each POST's body kept as rows of the
 * table `bare_posts` (BARE_ROWS_PER_POST: one for a post to /api/results, the player's groups' for
 * one to /api/friends/results), the posts of one turn of the event loop in one INSERT on a pool of
 * PostgreSQL connections as the site's (DATABASE_URL, 10 connections), one write under way at a
 * time, each post answered 201 once its INSERT has committed. Nothing parsed, checked or counted.
 * Prints its address when it listens; ends on SIGTERM.
 */
import { createServer, type ServerResponse } from 'node:http';
import pg from 'pg';

const GROUP_ROWS = Number(process.env.BARE_GROUP_ROWS ?? '3');

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 10,
  idleTimeoutMillis: 0,
});
pool.on('error', () => {});

const answer = (response: ServerResponse, stored: boolean) =>
  stored
    ? response.writeHead(201, { 'content-type': 'application/json' }).end('{}')
    : response.writeHead(503).end();

let waiting: { rows: string[]; response: ServerResponse }[] = [];
let writing = false;
function write(): void {
  if (writing || waiting.length === 0) return;
  const batch = waiting;
  waiting = [];
  writing = true;
  pool
    .query({
      name: 'bare-insert',
      text: 'INSERT INTO bare_posts (body) SELECT unnest($1::text[])',
      values: [batch.flatMap((post) => post.rows)],
    })
    .then(
      () => batch.forEach((post) => answer(post.response, true)),
      () => batch.forEach((post) => answer(post.response, false)),
    )
    .finally(() => {
      writing = false;
      setImmediate(write);
    });
}

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString();
    const rows = request.url === '/api/friends/results' ? GROUP_ROWS : 1;
    waiting.push({ rows: Array.from({ length: rows }, () => body), response });
    if (waiting.length === 1) setImmediate(write);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object')
    console.log(`bare post server at http://127.0.0.1:${address.port}`);
});
process.on('SIGTERM', () => {
  server.close();
  void pool.end();
});
