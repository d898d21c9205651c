-- At most RESULTS_PER_ADDRESS results of a puzzle are counted from one client address (an IPv6
-- /64), so one script rotating browser ids cannot set a puzzle's figures (server/results-routes.ts).
-- The address itself is never stored: address_key is a SHA-256 of this database's own random
-- secret (server_secret, shared by every server process; it also makes the opaque ids the form
-- routes answer with, server/db/server-secret.ts), the puzzle id and the address, so it cannot be turned back into an address without the
-- secret, and one address's results of different puzzles cannot be linked together. Results
-- stored before this migration have none.

CREATE TABLE server_secret (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  secret text NOT NULL
);
INSERT INTO server_secret (secret) VALUES (gen_random_uuid()::text || gen_random_uuid()::text);

ALTER TABLE puzzle_results ADD COLUMN address_key text;
-- The hash already names the puzzle: the count of an address group's results of a puzzle is one
-- index look-up by it.
CREATE INDEX puzzle_results_by_address ON puzzle_results (address_key);

-- How many results of each puzzle were not counted, for the owner's puzzle-stats.
CREATE TABLE puzzle_results_not_counted (
  puzzle_id text PRIMARY KEY,
  count integer NOT NULL CHECK (count >= 0)
);
