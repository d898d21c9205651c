-- "Today's crowd": one anonymous result per browser and catalogue puzzle, sent only with consent
-- (core/crowd.ts). No address, no cookie, no time of day: result_key is a SHA-256 of the puzzle id
-- and the browser's random id, so one browser counts once per puzzle while its results of
-- different puzzles cannot be linked together. found_last is core/crowd.ts foundLastOf's mask.

CREATE TABLE puzzle_results (
  puzzle_id text NOT NULL,
  result_key text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('easy', 'normal')),
  won boolean NOT NULL,
  tries smallint NOT NULL CHECK (tries BETWEEN 1 AND 8),
  found_last smallint NOT NULL CHECK (found_last BETWEEN 0 AND 15),
  -- For each wrong try, the categories it got fully right (JSON), e.g. [[0],[0,2]].
  wrong_tries text NOT NULL,
  PRIMARY KEY (puzzle_id, result_key)
);
