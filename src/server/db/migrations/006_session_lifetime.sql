-- Sessions end on their own: SESSION_IDLE_DAYS after their last use (sliding; last_seen_at is
-- touched at most once a day) and at the latest at expires_at (SESSION_MAX_DAYS after sign-in).
-- Sessions opened before this had 365-day tokens: they keep that end and start a fresh idle window.
ALTER TABLE user_sessions
  ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN expires_at   timestamptz;
UPDATE user_sessions SET expires_at = created_at + interval '365 days';
ALTER TABLE user_sessions ALTER COLUMN expires_at SET NOT NULL;
