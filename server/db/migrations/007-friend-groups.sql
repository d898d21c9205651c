-- "Play with friends" (server/friends-routes.ts, docs/server.md "Play with friends"): private
-- groups a link opens, their members and each member's daily results. No account, no address:
-- a group is found by a SHA-256 of its invite code (the code itself, 132 random bits, is only in
-- the link), and a member proves who they are with a secret of their own, of which only a SHA-256
-- is kept. A group no one has played in for 90 days is deleted with everything in it
-- (last_played_on, server/retention.ts); a member who leaves or is removed takes their results.

CREATE TABLE friend_groups (
  id text PRIMARY KEY,
  invite_hash text NOT NULL UNIQUE,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The latest day a member played (a result came in), or the day it started.
  last_played_on date NOT NULL
);
CREATE INDEX friend_groups_last_played_on ON friend_groups (last_played_on);

CREATE TABLE friend_members (
  id text PRIMARY KEY,
  group_id text NOT NULL REFERENCES friend_groups (id) ON DELETE CASCADE,
  name text NOT NULL,
  secret_hash text NOT NULL,
  -- The group's starter, who can remove members (passed on to the longest-standing member when
  -- the starter leaves).
  starter boolean NOT NULL DEFAULT false,
  joined_at timestamptz NOT NULL DEFAULT now(),
  joined_on date NOT NULL,
  -- Every result's tally, kept up as results arrive (core/friends.ts Tally), so a group's page
  -- reads one row a member instead of their whole history.
  played integer NOT NULL DEFAULT 0,
  wins integer NOT NULL DEFAULT 0,
  won_tries integer NOT NULL DEFAULT 0,
  -- core/friends.ts StoredStreak.
  streak integer NOT NULL DEFAULT 0,
  streak_before integer NOT NULL DEFAULT 0,
  streak_day date
);
CREATE INDEX friend_members_group_id ON friend_members (group_id);
-- Two members of a group never share a name (the owner's `forget` finds a member by it).
CREATE UNIQUE INDEX friend_members_name ON friend_members (group_id, lower(name));

CREATE TABLE friend_results (
  member_id text NOT NULL REFERENCES friend_members (id) ON DELETE CASCADE,
  group_id text NOT NULL REFERENCES friend_groups (id) ON DELETE CASCADE,
  day date NOT NULL,
  puzzle_id text NOT NULL,
  won boolean NOT NULL,
  tries smallint NOT NULL CHECK (tries BETWEEN 1 AND 8),
  -- core/friends.ts encodeGrid: four digits a try, no word of the puzzle.
  grid text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- One result a member a day: the same result sent again counts once.
  PRIMARY KEY (member_id, day)
);
CREATE INDEX friend_results_group_day ON friend_results (group_id, day);
