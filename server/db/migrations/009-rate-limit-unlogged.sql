-- The rate limits' counters are written on every request they count (server/db/rate-limit-store.ts),
-- and are worth nothing after a crash: a client's count starting again from nothing is harmless.
-- As an unlogged table they write no WAL, so the transaction that counts a request commits without
-- waiting for a flush to disk. PostgreSQL empties an unlogged table after a crash (not after a
-- clean stop), and a standby has no copy of it; the salt stays in an ordinary table.

ALTER TABLE rate_limit_counters SET UNLOGGED;
