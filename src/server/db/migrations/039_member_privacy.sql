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

-- Invitations a librarian sent (a CSV import, or sent again from the member list): one row a
-- mail, delivered by a job (sent_at set once the mail server took it; tries counted, so a mail
-- that keeps failing stops being tried).
CREATE TABLE member_invitations (
  id             bigserial PRIMARY KEY,
  institution_id integer NOT NULL REFERENCES institutions(id) ON DELETE CASCADE,
  user_id        integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  email          text NOT NULL,
  invited_by     integer REFERENCES users(id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  sent_at        timestamptz,
  tries          integer NOT NULL DEFAULT 0
);
CREATE INDEX member_invitations_unsent_idx ON member_invitations (id) WHERE sent_at IS NULL;
CREATE INDEX member_invitations_user_idx ON member_invitations (user_id, created_at DESC);
