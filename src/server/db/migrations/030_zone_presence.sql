-- Smart Reading Zones that cannot be faked: a zone may ask for a second proof of presence (its
-- network, or an on-site code: a TOTP over the zone's own secret, which the server makes and never
-- shows); a pass remembers when presence was last proven; a place sighting keeps the report's
-- accuracy, so the next report can be checked for impossible travel.
ALTER TABLE zones ADD COLUMN proof_required boolean NOT NULL DEFAULT false;
-- New zones get 32 random bytes from the server; zones made before this (and rows written
-- elsewhere, such as the benchmark's) get 244 random bits from two gen_random_uuid(), each row its own.
ALTER TABLE zones ADD COLUMN code_secret text NOT NULL
  DEFAULT encode(decode(replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64');
ALTER TABLE zone_passes ADD COLUMN proved_at timestamptz;
ALTER TABLE zone_sightings ADD COLUMN accuracy_m integer;
