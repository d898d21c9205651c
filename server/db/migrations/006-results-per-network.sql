-- At most RESULTS_PER_NETWORK results of a puzzle are counted from one IPv6 /48 (server/client-address.ts):
-- one /48 holds 65,536 /64s, each with its own RESULTS_PER_ADDRESS. network_key is made as
-- address_key is (a SHA-256 of the database's secret, the puzzle id and the /48), so no network
-- is stored. IPv4 results, and results stored before this migration, have none: they are counted
-- by their address alone.

ALTER TABLE puzzle_results ADD COLUMN network_key text;
CREATE INDEX puzzle_results_by_network ON puzzle_results (network_key)
  WHERE network_key IS NOT NULL;
