import { type FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { playablePuzzles } from '../core/daily';
import { msUntilNextUtcMidnight, utcDate } from '../core/dates';
import { type ServerCatalogue } from './catalogue';

/**
 * The catalogue's files as the browser reads them (/puzzles/index.json and /puzzles/<yyyy-mm>.json,
 * src/lib/catalogue.ts), holding only the puzzles whose UTC day has come: a future puzzle (its
 * words, categories, special word, even its title) is never sent before its day
 * (docs/product-decisions.md: a future id is "not found"). A month with nothing out yet is a 404.
 * A shared cache may keep an answer until the next UTC midnight and no longer (s-maxage); a
 * browser asks again each time and gets 304 while the file is unchanged (strong ETag).
 */
const FILE = /^(index|\d{4}-\d{2})\.json$/;

export function puzzleCacheControl(nowMs: number): string {
  // Rounded down, as pages are (server/page-cache.ts): never kept past midnight.
  return `public, max-age=0, s-maxage=${Math.floor(msUntilNextUtcMidnight(nowMs) / 1000)}`;
}

/**
 * Registers GET /puzzles/:file over the server's catalogue (server/catalogue.ts); `now` is the
 * clock (tests pass a fixed one).
 */
export function registerPuzzleFiles(
  app: FastifyInstance,
  options: { catalogue: ServerCatalogue; now: () => number },
): void {
  const { catalogue } = options;
  // One answer per file and day: its text and ETag.
  const answers = new Map<string, { day: string; body: string; etag: string } | null>();
  const answer = (name: string, today: string) => {
    const key = `${today} ${name}`;
    if (!answers.has(key)) {
      const released = playablePuzzles(catalogue.file(name) ?? [], today);
      const body = JSON.stringify(released);
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      if (answers.size > 500) answers.clear();
      answers.set(
        key,
        released.length > 0 || name === 'index.json' ? { day: today, body, etag } : null,
      );
    }
    return answers.get(key) ?? null;
  };

  app.get<{ Params: { file: string } }>('/puzzles/:file', async (request, reply) => {
    const now = options.now();
    const found = FILE.test(request.params.file) ? answer(request.params.file, utcDate(now)) : null;
    if (!found) {
      return reply
        .code(404)
        .header('Cache-Control', puzzleCacheControl(now))
        .type('text/plain; charset=utf-8')
        .send('Not found.');
    }
    void reply
      .header('Cache-Control', puzzleCacheControl(now))
      .header('ETag', found.etag)
      .header('Vary', 'Accept-Encoding');
    const asked = (request.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim());
    if (asked.includes(found.etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(found.body);
  });
}
