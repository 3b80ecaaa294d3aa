-- Spec §7 gencode: a short code a signed-in reader makes on one device to sign in on another (a
-- shared computer, a tablet) without typing a password or waiting for an OTP there. Kept as a
-- hash, good once, for a few minutes.
CREATE TABLE device_codes (
  code_hash  text PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX device_codes_user ON device_codes (user_id, expires_at);
