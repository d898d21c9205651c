-- The form posts' rate limit, shared by every server process on one PostgreSQL database
-- (server/db/rate-limit-store.ts): one row per client, its posts in the current window and when
-- that window ends. A client is kept only as a salted SHA-256 of its address (the salt is made here,
-- once per database, and never leaves it), and a row whose window has ended is deleted as the
-- servers go. The embedded database has one server process, which counts in memory and leaves
-- these tables unused.

CREATE TABLE rate_limit_salt (
  salt text NOT NULL
);

INSERT INTO rate_limit_salt (salt)
VALUES (md5(random()::text || clock_timestamp()::text) || md5(random()::text || pg_backend_pid()::text));

CREATE TABLE rate_limit_counters (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  resets_at timestamptz NOT NULL
);

CREATE INDEX rate_limit_counters_resets_at ON rate_limit_counters (resets_at);
