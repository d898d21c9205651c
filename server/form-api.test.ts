import { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { sqlText, type Database } from './db/database';
import { countInbox, listInbox } from './db/inbox-store';
import { BAD_KEY_MESSAGE, BUSY_MESSAGE, CROSS_SITE_MESSAGE } from './form-routes';
import { ENGINES, PREPARE_TIMEOUT_MS } from './testing/test-databases';
import { makeFixtureSite, testConfig } from './testing/fixture-site';

const CONTACT = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  message: 'I love the daily puzzle.',
};

/** The contact form posted as a browser's form sends it, with `headers` (Host, Fetch Metadata, Origin). */
function postContact(app: FastifyInstance, headers: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: new URLSearchParams(CONTACT).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}

function submission(): Record<string, string> {
  const form: Record<string, string> = {
    author: 'Ada',
    email: 'ada@example.com',
    title: 'Keys',
    specialWord: '',
  };
  const groups = [
    ['Piano parts', 'Pedal', 'String'],
    ['Map features', 'Legend', 'Compass'],
    ['Islands', 'Atoll', 'Isle'],
    ['Important', 'Chief', 'Main'],
  ];
  groups.forEach(([name = '', a = '', b = ''], index) => {
    const n = index + 1;
    form[`category${n}_name`] = name;
    form[`category${n}_word1`] = 'Key';
    form[`category${n}_word2`] = a;
    form[`category${n}_word3`] = b;
  });
  return form;
}

describe.each(ENGINES)('form API on the %s database', (_name, makeDatabases) => {
  const databases = makeDatabases();
  let db: Database;
  let app: FastifyInstance;

  beforeAll(() => databases.prepare(), PREPARE_TIMEOUT_MS);
  beforeEach(async () => {
    db = await databases.fresh();
    app = createApp({ db, config: testConfig(), logger: false });
  });
  afterEach(async () => {
    await app.close();
    await db.close();
  });
  afterAll(() => databases.dispose());

  const postJson = (url: string, payload: unknown) =>
    app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json' },
    });

  describe('POST /api/contact', () => {
    it('answers 201 once the row is committed, with an opaque id that counts nothing', async () => {
      const ids = [];
      for (let n = 0; n < 3; n += 1) {
        const response = await postJson('/api/contact', CONTACT);
        expect(response.statusCode).toBe(201);
        ids.push(response.json<{ id: string }>().id);
      }
      const stored = await listInbox(db, 'messages');
      expect(stored).toHaveLength(3);
      expect(stored[0]).toMatchObject({ handledAt: null, fields: CONTACT });
      for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(new Set(ids).size).toBe(3);
      expect(ids.join(' ')).not.toMatch(/\b[123]\b/);
    });

    it('takes form-encoded bodies with the same field names', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: new URLSearchParams({ ...CONTACT, message: 'Line one\r\nLine two' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.statusCode).toBe(201);
      const [stored] = await listInbox(db, 'messages');
      expect(stored?.fields.message).toBe('Line one\nLine two');
    });

    it('stores HTML and SQL-looking text exactly as typed', async () => {
      const tricky = {
        name: `Robert'); DROP TABLE contact_messages;--`,
        email: 'bobby@example.com',
        message: `<script>alert("hi")</script><img src=x onerror=alert(1)> $1 \\x00 %s {{7*7}}`,
      };
      expect((await postJson('/api/contact', tricky)).statusCode).toBe(201);
      const [stored] = await listInbox(db, 'messages');
      expect(stored?.fields).toEqual(tricky);
    });

    it('answers 400 with a message per missing field and stores nothing', async () => {
      const response = await postJson('/api/contact', { name: '  ' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'Some fields need your attention.',
        fields: {
          name: 'Please enter your name.',
          email: 'Please enter your email address.',
          message: 'Please enter a message.',
        },
      });
      expect(await countInbox(db, 'messages')).toBe(0);
    });

    it('refuses fields that are not part of the form', async () => {
      const response = await postJson('/api/contact', { ...CONTACT, isAdmin: true });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ fields: unknown }>().fields).toEqual({
        isAdmin: 'This field is not part of the form.',
      });
    });

    it('refuses values of the wrong type', async () => {
      const response = await postJson('/api/contact', {
        name: ['Ada'],
        email: 42,
        message: { text: 'hi' },
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<{ fields: object }>().fields).sort()).toEqual([
        'email',
        'message',
        'name',
      ]);
    });

    it('refuses repeated form-encoded fields', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: 'name=Ada&name=Bob&email=ada%40example.com&message=hi',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ fields: { name: 'Please enter your name.' } });
    });

    it('refuses control characters', async () => {
      const response = await postJson('/api/contact', { ...CONTACT, message: 'ring\u0007ring' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        fields: { message: 'Please remove the invisible control characters from your message.' },
      });
    });

    it('refuses a 10 KB message with the limit in the message', async () => {
      const response = await postJson('/api/contact', {
        ...CONTACT,
        message: 'x'.repeat(10 * 1024),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        fields: { message: 'Please keep your message to 5,000 characters or fewer.' },
      });
    });

    it.each([
      ['invalid JSON', '{"name": "Ada",', 'The request body is not valid JSON.'],
      ['an empty body', '', 'The request body is empty.'],
      [
        'a JSON array',
        '[1, 2]',
        'Please send the form fields as a JSON object or as form-encoded fields.',
      ],
      [
        'JSON null',
        'null',
        'Please send the form fields as a JSON object or as form-encoded fields.',
      ],
      ['a prototype key', '{"__proto__": {"x": 1}}', 'The request body is not valid JSON.'],
    ])('answers 400 to %s', async (_label, payload, error) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/contact',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error, fields: {} });
    });

    it('answers 413 to a body over 32 KB', async () => {
      const response = await postJson('/api/contact', {
        ...CONTACT,
        message: 'x'.repeat(33 * 1024),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json<{ error: string }>().error).toMatch(/32 KB/);
      expect(await countInbox(db, 'messages')).toBe(0);
    });

    it.each([
      ['text/plain', 'name=Ada'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda\r\n--x--',
      ],
      ['application/xml', '<name>Ada</name>'],
    ])('answers 415 to %s', async (type, payload) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/contact',
        payload,
        headers: { 'content-type': type },
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        error: 'Please send the form as JSON or as form-encoded fields.',
      });
    });

    it('answers 415 when there is no content type', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: Buffer.from('{}'),
      });
      expect(response.statusCode).toBe(415);
    });

    it('answers 201 to a filled honeypot as to a stored post, and stores nothing', async () => {
      const response = await postJson('/api/contact', {
        ...CONTACT,
        website: 'http://spam.example',
      });
      expect(response.statusCode).toBe(201);
      expect(await countInbox(db, 'messages')).toBe(0);
      // The same shape as a real post's answer: a bot cannot tell it was caught.
      const real = await postJson('/api/contact', CONTACT);
      expect(Object.keys(response.json<object>())).toEqual(Object.keys(real.json<object>()));
      expect(response.json<{ id: string }>().id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    });

    it('accepts an empty honeypot field as a person would send it', async () => {
      const response = await postJson('/api/contact', { ...CONTACT, website: '' });
      expect(response.statusCode).toBe(201);
      expect(await countInbox(db, 'messages')).toBe(1);
    });
  });

  describe('posts from other websites', () => {
    const post = (headers: Record<string, string>) =>
      postContact(app, { host: 'linchpin.example', ...headers });

    it('refuses a cross-site post with a clear 403 and stores nothing', async () => {
      const refused: Record<string, string>[] = [
        { 'sec-fetch-site': 'cross-site', origin: 'https://spam.example' },
        { 'sec-fetch-site': 'cross-site' },
        { origin: 'https://spam.example' },
        { origin: 'null' },
      ];
      for (const headers of refused) {
        const response = await post(headers);
        expect(response.statusCode, JSON.stringify(headers)).toBe(403);
        expect(response.json()).toEqual({ error: CROSS_SITE_MESSAGE });
      }
      const puzzle = await app.inject({
        method: 'POST',
        url: '/api/puzzle-submissions',
        payload: JSON.stringify(submission()),
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      });
      expect(puzzle.statusCode).toBe(403);
      expect(await countInbox(db, 'messages')).toBe(0);
      expect(await countInbox(db, 'submissions')).toBe(0);
    });

    it("takes the site's own pages' posts and posts from tools that send neither header", async () => {
      expect(
        (await post({ 'sec-fetch-site': 'same-origin', origin: 'https://linchpin.example' }))
          .statusCode,
      ).toBe(201);
      expect((await post({ origin: 'http://linchpin.example' })).statusCode).toBe(201);
      expect((await post({})).statusCode).toBe(201);
      expect(await countInbox(db, 'messages')).toBe(3);
    });
  });

  // nginx's plain `proxy_pass http://127.0.0.1:8080;` sends the upstream's address as Host.
  describe('behind a proxy that rewrites Host', () => {
    const UPSTREAM = '127.0.0.1:8080';
    const SITE = 'https://linchpin.example';
    const reopen = async (config: Partial<ReturnType<typeof testConfig>>) => {
      await app.close();
      app = createApp({ db, config: { ...testConfig(), ...config }, logger: false });
    };
    const post = (headers: Record<string, string>) =>
      postContact(app, { host: UPSTREAM, ...headers });

    it("takes the site's own page's post by Fetch Metadata, whatever Host the proxy sends", async () => {
      for (const config of [{}, { trustProxy: 1 }, { siteUrl: SITE }]) {
        await reopen(config);
        const response = await post({ 'sec-fetch-site': 'same-origin', origin: SITE });
        expect(response.statusCode, JSON.stringify(config)).toBe(201);
      }
      expect(await countInbox(db, 'messages')).toBe(3);
    });

    it('still refuses a cross-site post through the proxy', async () => {
      for (const config of [{}, { trustProxy: 1 }, { siteUrl: SITE }]) {
        await reopen(config);
        const refused: Record<string, string>[] = [
          { 'sec-fetch-site': 'cross-site', origin: 'https://spam.example' },
          { 'sec-fetch-site': 'same-site', origin: 'https://forum.linchpin.example' },
          { 'sec-fetch-site': 'cross-site', origin: SITE },
          { origin: 'https://spam.example', 'x-forwarded-host': 'linchpin.example' },
        ];
        for (const headers of refused) {
          expect((await post(headers)).statusCode, JSON.stringify({ config, headers })).toBe(403);
        }
      }
      expect(await countInbox(db, 'messages')).toBe(0);
    });

    it('compares an Origin without Fetch Metadata with SITE_URL, not the upstream Host', async () => {
      await reopen({ siteUrl: SITE, trustProxy: 1 });
      expect((await post({ origin: SITE })).statusCode).toBe(201);
      expect((await post({ origin: `http://${UPSTREAM}` })).statusCode).toBe(403);
      expect((await post({ origin: 'https://spam.example' })).statusCode).toBe(403);
      expect(await countInbox(db, 'messages')).toBe(1);
    });

    it("compares it with a trusted proxy's X-Forwarded-Host, and refuses when none says where the site is", async () => {
      await reopen({ trustProxy: 1 });
      const forwarded = {
        'x-forwarded-host': 'linchpin.example',
        'x-forwarded-for': '203.0.113.9',
      };
      expect((await post({ origin: SITE, ...forwarded })).statusCode).toBe(201);
      expect((await post({ origin: 'https://spam.example', ...forwarded })).statusCode).toBe(403);
      // The upstream Host is never taken for the site's: without SITE_URL or a forwarded host, no guess.
      expect((await post({ origin: `http://${UPSTREAM}` })).statusCode).toBe(403);
      expect((await post({ origin: SITE })).statusCode).toBe(403);
      // An untrusted client's X-Forwarded-Host is not believed.
      await reopen({ trustProxy: ['10.0.0.1'] });
      expect((await post({ origin: SITE, ...forwarded })).statusCode).toBe(403);
      expect(await countInbox(db, 'messages')).toBe(1);
    });
  });

  describe('POST /api/puzzle-submissions', () => {
    it('answers 201 and stores every field, a blank special word as empty', async () => {
      const form = submission();
      const response = await postJson('/api/puzzle-submissions', form);
      expect(response.statusCode).toBe(201);
      const [stored] = await listInbox(db, 'submissions');
      expect(response.json<{ id: string }>().id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(stored?.fields).toEqual(form);
    });

    it('answers 400 naming the missing category word', async () => {
      const { category3_word2: _dropped, ...form } = submission();
      const response = await postJson('/api/puzzle-submissions', form);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        fields: { category3_word2: 'Please enter word 2 of category 3.' },
      });
      expect(await countInbox(db, 'submissions')).toBe(0);
    });

    it('answers 201 to a filled honeypot and stores nothing', async () => {
      const response = await postJson('/api/puzzle-submissions', { ...submission(), website: 'x' });
      expect(response.statusCode).toBe(201);
      expect(await countInbox(db, 'submissions')).toBe(0);
    });
  });

  describe('rate limit', () => {
    it('answers 429 past the limit per address, counting both form routes and bad posts', async () => {
      const limited = createApp({
        db,
        config: testConfig({ rateLimit: { max: 3, windowMs: 60_000 } }),
        logger: false,
      });
      try {
        const post = (url: string, payload: unknown, remoteAddress = '203.0.113.7') =>
          limited.inject({
            method: 'POST',
            url,
            payload: JSON.stringify(payload),
            remoteAddress,
            headers: { 'content-type': 'application/json' },
          });
        expect((await post('/api/contact', CONTACT)).statusCode).toBe(201);
        expect((await post('/api/contact', {})).statusCode).toBe(400);
        expect((await post('/api/puzzle-submissions', submission())).statusCode).toBe(201);
        const refused = await post('/api/puzzle-submissions', submission());
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({
          error: 'You have sent a lot in a short time. Please wait a minute and try again.',
        });
        expect(refused.headers['retry-after']).toBeDefined();
        expect((await post('/api/contact', CONTACT)).statusCode).toBe(429);
        // Another address has its own count.
        expect((await post('/api/contact', CONTACT, '203.0.113.8')).statusCode).toBe(201);
        expect(await countInbox(db, 'messages')).toBe(2);
        expect(await countInbox(db, 'submissions')).toBe(1);
      } finally {
        await limited.close();
      }
    });

    it('counts the forwarded address only behind a trusted proxy', async () => {
      const config = testConfig({
        rateLimit: { max: 1, windowMs: 60_000 },
        trustProxy: ['127.0.0.1'],
      });
      const proxied = createApp({ db, config, logger: false });
      try {
        const post = (client: string) =>
          proxied.inject({
            method: 'POST',
            url: '/api/contact',
            payload: CONTACT,
            remoteAddress: '127.0.0.1',
            headers: { 'x-forwarded-for': client },
          });
        expect((await post('198.51.100.1')).statusCode).toBe(201);
        expect((await post('198.51.100.2')).statusCode).toBe(201);
        expect((await post('198.51.100.1')).statusCode).toBe(429);
      } finally {
        await proxied.close();
      }
      // Without a trusted proxy, a forged X-Forwarded-For does not escape the limit.
      const direct = createApp({
        db,
        config: testConfig({ rateLimit: { max: 1, windowMs: 60_000 } }),
        logger: false,
      });
      try {
        const post = (client: string) =>
          direct.inject({
            method: 'POST',
            url: '/api/contact',
            payload: CONTACT,
            remoteAddress: '203.0.113.9',
            headers: { 'x-forwarded-for': client },
          });
        expect((await post('198.51.100.1')).statusCode).toBe(201);
        expect((await post('198.51.100.2')).statusCode).toBe(429);
      } finally {
        await direct.close();
      }
    });
  });

  describe('idempotency keys', () => {
    const postKeyed = (url: string, payload: unknown, key: string) =>
      app.inject({
        method: 'POST',
        url,
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
      });
    const KEY = '0123456789abcdef0123456789abcdef';

    it('stores a submission sent again with its key once, and answers the repeat as the first', async () => {
      const first = await postKeyed('/api/contact', CONTACT, KEY);
      expect(first.statusCode).toBe(201);
      const again = await postKeyed('/api/contact', CONTACT, KEY);
      expect(again.statusCode).toBe(first.statusCode);
      expect(again.body).toBe(first.body);
      // Sent again together (a retry racing the first), and on the other form.
      const racing = await Promise.all(
        Array.from({ length: 5 }, () => postKeyed('/api/contact', CONTACT, `${KEY}-race`)),
      );
      expect(
        new Set(racing.map((response) => `${response.statusCode} ${response.body}`)).size,
      ).toBe(1);
      const puzzle = await postKeyed('/api/puzzle-submissions', submission(), KEY);
      expect((await postKeyed('/api/puzzle-submissions', submission(), KEY)).body).toBe(
        puzzle.body,
      );
      expect(await countInbox(db, 'messages')).toBe(2);
      expect(await countInbox(db, 'submissions')).toBe(1);
      // Another key is another submission.
      expect((await postKeyed('/api/contact', CONTACT, `${KEY}-2`)).statusCode).toBe(201);
      expect(await countInbox(db, 'messages')).toBe(3);
    });

    it('refuses a malformed key with 400 and stores nothing', async () => {
      const response = await postKeyed('/api/contact', CONTACT, 'short');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: BAD_KEY_MESSAGE, fields: {} });
      expect(await countInbox(db, 'messages')).toBe(0);
    });
  });

  describe('a full queue of posts', () => {
    it('answers 503 with Retry-After once the bounded queue is full, and stores the rest', async () => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const slow: Database = {
        ...db,
        query: async (sql, params) => {
          if (sqlText(sql).startsWith('INSERT')) await held;
          return db.query(sql, params);
        },
      };
      const busy = createApp({ db: slow, config: testConfig(), logger: false, maxPendingPosts: 2 });
      try {
        const post = () => busy.inject({ method: 'POST', url: '/api/contact', payload: CONTACT });
        const first = post();
        const second = post();
        await new Promise((resolve) => setTimeout(resolve, 100));
        const refused = await post();
        expect(refused.statusCode).toBe(503);
        expect(refused.headers['retry-after']).toBe('5');
        expect(refused.json()).toEqual({ error: BUSY_MESSAGE });
        release();
        expect((await first).statusCode).toBe(201);
        expect((await second).statusCode).toBe(201);
        expect(await countInbox(db, 'messages')).toBe(2);
        expect((await post()).statusCode).toBe(201);
      } finally {
        release();
        await busy.close();
      }
    });
  });

  describe('GET /api/health', () => {
    const site = makeFixtureSite();
    afterAll(() => site.remove());
    const health = async (options: Partial<Parameters<typeof createApp>[0]> = {}) => {
      const server = createApp({
        db,
        config: testConfig({ distDir: site.distDir }),
        logger: false,
        ...options,
      });
      try {
        const response = await server.inject({ method: 'GET', url: '/api/health' });
        return { status: response.statusCode, body: response.json<unknown>() };
      } finally {
        await server.close();
      }
    };

    it('reports the database reachable and the site built', async () => {
      expect(await health()).toEqual({
        status: 200,
        body: { status: 'ok', database: 'reachable', site: 'built' },
      });
    });

    it('answers 503 when the site is not built', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'error',
        database: 'reachable',
        site: 'not built',
      });
    });

    it('answers 503 while the server is stopping, and still serves every other request, each closing its connection', async () => {
      const server = createApp({
        db,
        config: testConfig({ distDir: site.distDir }),
        logger: false,
        isDraining: () => true,
      });
      try {
        const response = await server.inject({ method: 'GET', url: '/api/health' });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({
          status: 'stopping',
          database: 'reachable',
          site: 'built',
        });
        const post = await server.inject({
          method: 'POST',
          url: '/api/contact',
          payload: CONTACT,
        });
        expect(post.statusCode).toBe(201);
        expect(post.headers.connection).toBe('close');
        const page = await server.inject({ method: 'GET', url: '/favicon.svg' });
        expect(page.statusCode).toBe(200);
        expect(page.headers.connection).toBe('close');
      } finally {
        await server.close();
      }
    });

    it('reports the database unreachable in the body, still 200: pages need no database', async () => {
      const broken: Database = {
        ...db,
        query: () => Promise.reject(new Error('connection refused')),
      };
      expect(await health({ db: broken })).toEqual({
        status: 200,
        body: { status: 'ok', database: 'unreachable', site: 'built' },
      });
      const sick = createApp({ db: broken, config: testConfig(), logger: false });
      try {
        // A post that cannot be stored is not answered 201.
        const post = await sick.inject({ method: 'POST', url: '/api/contact', payload: CONTACT });
        expect(post.statusCode).toBe(503);
      } finally {
        await sick.close();
      }
    });
  });

  it('stores 200 concurrent posts over HTTP: rows counted equal the 201s answered', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        fetch(`http://127.0.0.1:${port}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...CONTACT, message: `post ${index}` }),
        }).then((response) => response.status),
      ),
    );
    const created = statuses.filter((status) => status === 201).length;
    expect(created).toBe(200);
    expect(await countInbox(db, 'messages')).toBe(created);
    const messages = new Set(
      (await listInbox(db, 'messages')).map((entry) => entry.fields.message),
    );
    expect(messages.size).toBe(200);
  });
});
