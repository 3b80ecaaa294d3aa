-- What an institution's librarians see of each member, and how long each member's reading is kept
-- with their name on it. Chosen by a Lectern admin for the institution; by default librarians see
-- neither a member's reading nor their devices, and reading events lose the reader after 180 days
-- (the housekeeping job; COUNTER's counts are aggregates already stored and stay).
ALTER TABLE institutions
  ADD COLUMN show_member_reading boolean NOT NULL DEFAULT false,
  ADD COLUMN show_member_devices boolean NOT NULL DEFAULT false,
  ADD COLUMN reading_retention_days integer NOT NULL DEFAULT 180 CHECK (reading_retention_days BETWEEN 31 AND 1095);

-- The housekeeping job looks for events that still name a reader, oldest first.
CREATE INDEX usage_events_named_at_idx ON usage_events (at) WHERE user_id IS NOT NULL;
