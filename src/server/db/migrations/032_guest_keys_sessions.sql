-- A guest account's own credential. The device id (spec §4 uniqId cookie) named the account and so
-- was its only credential: anyone who learnt it signed in as that guest. Now the server issues a
-- random secret at the first guest login and keeps only its SHA-256; the uniqId stays as the device
-- the guest last used, which several accounts may share (a second device id no longer finds the
-- first's account), so it is no longer unique. Guests made before have no key: the first call
-- with a live session of theirs binds one (routes/api/access.ts).
ALTER TABLE users DROP CONSTRAINT IF EXISTS users_uniq_id_key;
ALTER TABLE users ADD COLUMN guest_key_hash text;
CREATE UNIQUE INDEX users_guest_key_hash_key ON users (guest_key_hash) WHERE guest_key_hash IS NOT NULL;

-- Readers see and end their own sessions in My Account: roughly where each was last used from
-- (the network, never the whole address: 203.0.113.x, 2001:db8:1::/48).
ALTER TABLE user_sessions ADD COLUMN network text;
