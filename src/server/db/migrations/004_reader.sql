-- The reader: the width of each page's small image (for srcset), reading progress per reader
-- and issue, issues downloaded for offline reading per device, and per-institution download
-- and device limits (null: the server's defaults, DOWNLOAD_LIMIT and DEVICE_LIMIT).
ALTER TABLE pages ADD COLUMN small_width integer;
-- Pages stored before this column: the two render presets (demo 720/360, ingest 1200/480).
UPDATE pages SET small_width = CASE width WHEN 720 THEN 360 WHEN 1200 THEN 480 ELSE round(width * 0.4) END
  WHERE image_small IS NOT NULL;

ALTER TABLE institutions
  ADD COLUMN download_limit integer CHECK (download_limit >= 0),
  ADD COLUMN device_limit   integer CHECK (device_limit >= 0);

CREATE TABLE reading_progress (
  user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  issue_id   integer NOT NULL REFERENCES issues(issue_id) ON DELETE CASCADE,
  page_no    integer NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, issue_id)
);

CREATE TABLE downloads (
  user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  device_id  text NOT NULL,
  issue_id   integer NOT NULL REFERENCES issues(issue_id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, device_id, issue_id)
);

CREATE INDEX usage_events_user_at_idx ON usage_events (user_id, at DESC);
