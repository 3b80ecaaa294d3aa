-- Sign-in hardening. Limits count in one row per (bucket, key, window), so a try is
-- spent by one atomic upsert (the row lock serialises concurrent spenders) before it is checked;
-- the old table kept one row per event and was counted and written in separate queries.
CREATE TABLE rate_counters (
  bucket text    NOT NULL,
  key    text    NOT NULL,
  win    bigint  NOT NULL,            -- window number: epoch milliseconds / window length
  n      integer NOT NULL,
  until  timestamptz NOT NULL,        -- when the row no longer matters (end of the next window)
  PRIMARY KEY (bucket, key, win)
);
CREATE INDEX rate_counters_until_idx ON rate_counters (until);
DROP TABLE rate_events;

-- Tries a code allows: fewer once its contact has drawn many wrong codes (see services/otp.ts).
ALTER TABLE otp_requests ADD COLUMN max_attempts integer NOT NULL DEFAULT 5;
