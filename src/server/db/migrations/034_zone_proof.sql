-- How presence is proven, chosen per zone by its owner (replaces proof_required). The mapping keeps
-- what opened before: a zone that asked for a second proof and has a place asks for place+code
-- (its network still counts); one that asked but has no place only ever opened by network, so it
-- is network; one that did not ask opened by network or place, which any still does (any also takes
-- the on-site code alone, which no one could send before).
ALTER TABLE zones ADD COLUMN proof text NOT NULL DEFAULT 'any' CHECK (proof IN ('network', 'place', 'place+code', 'any'));
UPDATE zones SET proof = CASE WHEN NOT proof_required THEN 'any' WHEN lat IS NULL THEN 'network' ELSE 'place+code' END;
ALTER TABLE zones DROP COLUMN proof_required;

-- The distinct readers each poster token let in (a token is capped), kept until the token has
-- long expired (the housekeeping deletes them).
CREATE TABLE zone_token_readers (
  token_hash text NOT NULL,
  user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (token_hash, user_id)
);
CREATE TABLE zone_tokens (
  token_hash text PRIMARY KEY,
  zone_id    integer NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
  readers    integer NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX zone_tokens_expires_idx ON zone_tokens (expires_at);
CREATE INDEX zone_token_readers_expires_idx ON zone_token_readers (expires_at);

-- Zone reading is its owner's usage (the zone's institution, none for a public zone), reported per
-- zone: the console's breakdown reads events by zone and month.
CREATE INDEX usage_events_zone_at_idx ON usage_events (zone_id, at) WHERE zone_id IS NOT NULL;
