-- The form posts' rate limit, shared by every server process on one PostgreSQL database
-- (server/db/rate-limit-store.ts): one row per client address, its posts in the current window and
-- when that window ends. Rows whose window has ended are deleted as the servers go. The embedded
-- database has one server process, which counts in memory and leaves this table empty.

CREATE TABLE rate_limit_counters (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  resets_at timestamptz NOT NULL
);

CREATE INDEX rate_limit_counters_resets_at ON rate_limit_counters (resets_at);
