-- Smart Reading Zones (spec §1): places where reading is free. A zone is found by place (a circle:
-- centre and radius in metres; `area` is the circle's bounding box in degrees, x = longitude,
-- y = latitude, kept by the repository and GiST-indexed so a position finds its zones without a
-- scan) and/or by network (the CIDR ranges of its Wi-Fi, GiST-indexed with inet_ops).
CREATE TABLE zones (
  id             serial PRIMARY KEY,
  name           text NOT NULL,
  description    text NOT NULL DEFAULT '',
  -- The owning institution; NULL for a public zone (a city library, a café).
  institution_id integer REFERENCES institutions(id) ON DELETE CASCADE,
  lat            double precision,
  lng            double precision,
  radius_m       integer,
  area           box,
  -- NULL: always open; else {"mon": [["08:00", "20:00"]], …} in time_zone (see src/shared/zones.ts).
  hours          jsonb,
  time_zone      text NOT NULL DEFAULT 'Asia/Kolkata',
  -- How long a pass lasts after the reader was last seen in the zone.
  pass_minutes   integer NOT NULL DEFAULT 120 CHECK (pass_minutes BETWEEN 5 AND 1440),
  -- {"all": true} or {"all": false, "sections": [...], "categories": [...], "titles": [...]}.
  opens          jsonb NOT NULL DEFAULT '{"all": true}',
  active         boolean NOT NULL DEFAULT true,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  CHECK ((lat IS NULL) = (lng IS NULL) AND (lat IS NULL) = (radius_m IS NULL) AND (lat IS NULL) = (area IS NULL)),
  CHECK (lat IS NULL OR (lat BETWEEN -90 AND 90 AND lng BETWEEN -180 AND 180 AND radius_m BETWEEN 50 AND 2000))
);
CREATE INDEX zones_area_idx ON zones USING gist (area) WHERE active;

CREATE TABLE zone_networks (
  zone_id integer NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
  net     cidr NOT NULL,
  PRIMARY KEY (zone_id, net)
);
CREATE INDEX zone_networks_net_idx ON zone_networks USING gist (net inet_ops);

-- One row per reader and zone. A sighting extends it; a sighting after it ended starts it again
-- (started_at = now(): an arrival, which is when the notification goes out).
CREATE TABLE zone_passes (
  user_id      integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  zone_id      integer NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
  started_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  ends_at      timestamptz NOT NULL,
  PRIMARY KEY (user_id, zone_id)
);
CREATE INDEX zone_passes_ends_idx ON zone_passes (ends_at);

-- Location data, kept only as long as the spec allows (15 days, a job deletes it): a sighting is
-- stored only when the reader was inside a zone, with the position rounded (about 100 m) or none
-- when it came from the network. Positions outside every zone and addresses are never stored.
CREATE TABLE zone_sightings (
  id      bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  zone_id integer NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
  via     text NOT NULL CHECK (via IN ('network', 'place')),
  lat     numeric(7, 3),
  lng     numeric(7, 3),
  at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX zone_sightings_at_idx ON zone_sightings (at);
CREATE INDEX zone_sightings_user_idx ON zone_sightings (user_id, at DESC);

-- Web Push subscriptions, one per browser (endpoint) and so per user and device. ping_key_hash:
-- the SHA-256 of a key the service worker keeps, so its background pings (which carry no user
-- token) can be tied to the reader.
CREATE TABLE push_subscriptions (
  id            serial PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  device_id     text NOT NULL,
  endpoint      text NOT NULL UNIQUE,
  p256dh        text NOT NULL,
  auth          text NOT NULL,
  lang          text NOT NULL DEFAULT 'en' CHECK (lang IN ('en', 'hi')),
  ping_key_hash text NOT NULL UNIQUE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_sent_at  timestamptz
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);

-- Reading in a zone is reported as such (source 'zone' and the zone).
ALTER TABLE usage_events ADD COLUMN zone_id integer REFERENCES zones(id) ON DELETE SET NULL;
