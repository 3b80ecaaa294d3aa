-- SUSHI credentials per requestor: an institution gives each harvesting tool (CELUS, Alma, ...)
-- its own requestor_id and api_key, so one can be replaced or revoked without the others. The
-- api_key is kept as its SHA-256 (a random 32-byte secret: a plain hash is enough). customer_id
-- stays the institution's id. The single credential of each institution carries over by name.
CREATE TABLE sushi_requestors (
  id             serial PRIMARY KEY,
  institution_id integer NOT NULL REFERENCES institutions(id) ON DELETE CASCADE,
  name           text NOT NULL,
  requestor_id   text NOT NULL UNIQUE,
  api_key_hash   text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  key_made_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at   timestamptz
);
CREATE UNIQUE INDEX sushi_requestors_name ON sushi_requestors (institution_id, lower(name));

INSERT INTO sushi_requestors (institution_id, name, requestor_id, api_key_hash, created_at, key_made_at)
  SELECT institution_id, 'Harvester', requestor_id, api_key_hash, rotated_at, rotated_at FROM sushi_credentials;
DROP TABLE sushi_credentials;

-- A consortium is an institution other institutions belong to (one level): its requestors may
-- harvest each member's reports (COUNTER_SUSHI /members lists them).
ALTER TABLE institutions ADD COLUMN parent_institution_id integer REFERENCES institutions(id) ON DELETE SET NULL;
ALTER TABLE institutions ADD CONSTRAINT institutions_parent_not_self CHECK (parent_institution_id <> id);
CREATE INDEX institutions_parent ON institutions (parent_institution_id) WHERE parent_institution_id IS NOT NULL;

-- Monthly reports by e-mail: a librarian subscribes an address to one COUNTER report; the job
-- sends each subscription the last complete month once. A worker claims a subscription's month
-- (claimed_month, claimed_until: one UPDATE, so two workers never both win it), sends, then moves
-- last_month forward; a worker that dies mid-send leaves a claim that lapses and is taken again.
CREATE TABLE report_subscriptions (
  id             serial PRIMARY KEY,
  institution_id integer NOT NULL REFERENCES institutions(id) ON DELETE CASCADE,
  report_id      text NOT NULL,
  email          text NOT NULL,
  created_by     integer REFERENCES users(id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  last_month     date,
  last_sent_at   timestamptz,
  claimed_month  date,
  claimed_until  timestamptz
);
CREATE UNIQUE INDEX report_subscriptions_one ON report_subscriptions (institution_id, report_id, lower(email));
