-- COUNTER Release 5.1 usage reports: counts kept up to date as events arrive, so a
-- report reads a few hundred rows instead of scanning usage_events.
-- One row per institution, month (UTC, its first day), title, year of publication of the issue
-- and COUNTER metric type; n is already double-click filtered and unique per user session.
CREATE TABLE counter_usage (
  institution_id integer NOT NULL REFERENCES institutions(id) ON DELETE CASCADE,
  month          date NOT NULL,
  mid            integer NOT NULL REFERENCES titles(mid) ON DELETE CASCADE,
  yop            integer NOT NULL,
  metric         text NOT NULL,
  n              integer NOT NULL,
  PRIMARY KEY (institution_id, month, mid, yop, metric)
);

-- SUSHI credentials, one set per institution: the api_key is shown once and kept as a SHA-256
-- hash (it is a random 32-byte secret, so a plain hash is enough).
CREATE TABLE sushi_credentials (
  institution_id integer PRIMARY KEY REFERENCES institutions(id) ON DELETE CASCADE,
  customer_id    text NOT NULL UNIQUE,
  requestor_id   text NOT NULL,
  api_key_hash   text NOT NULL,
  rotated_at     timestamptz NOT NULL DEFAULT now()
);
