-- Arrival told by the venue's network while the app is closed: a zone's RADIUS accounting
-- clients (how a packet is matched to the zone, and the shared secret that signs it), its webhook
-- secret for Wi-Fi controllers and captive portals, the Wi-Fi identities members linked to their
-- account (only theirs: nothing is kept for anyone who did not opt in), and the packets and
-- webhook signatures already seen (replays are refused across every server process).
CREATE TABLE zone_radius_clients (
  id          serial PRIMARY KEY,
  zone_id     integer NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
  match_by    text NOT NULL CHECK (match_by IN ('nas_identifier', 'called_station', 'nas_ip')),
  match_value text NOT NULL CHECK (length(match_value) BETWEEN 1 AND 253),
  secret      text NOT NULL CHECK (length(secret) BETWEEN 16 AND 128),
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (zone_id, match_by, match_value)
);
CREATE INDEX zone_radius_clients_match_idx ON zone_radius_clients (match_by, match_value);

-- Null: the zone takes no webhook.
ALTER TABLE zones ADD COLUMN webhook_secret text;

CREATE TABLE network_identities (
  identity   text PRIMARY KEY CHECK (identity = lower(btrim(identity)) AND length(identity) BETWEEN 3 AND 253),
  user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX network_identities_user_idx ON network_identities (user_id);

CREATE TABLE arrival_replays (
  key     text PRIMARY KEY,
  seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX arrival_replays_seen_idx ON arrival_replays (seen_at);
