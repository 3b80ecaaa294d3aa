-- Bulk import: one row per PDF to ingest, from `npm run ingest -- <folder> --manifest`
-- or the admins' upload endpoint. A runner claims a row (FOR UPDATE SKIP LOCKED), keeps its
-- heartbeat fresh while it renders, and sets the outcome. A row left 'running' by a process that
-- died (stale heartbeat, or a dead pid on this host) is claimed again.
CREATE TABLE ingest_jobs (
  id bigserial PRIMARY KEY,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'skipped', 'failed')),
  -- the PDF on the host that queued it (a CLI's folder, or the server's private upload folder)
  source_host text NOT NULL,
  source_path text NOT NULL,
  -- an uploaded copy is removed once the job is over; a CLI's own file never is
  remove_source boolean NOT NULL DEFAULT false,
  -- the IngestRequest (title and issue), checked when queued
  request jsonb NOT NULL,
  owner text,
  heartbeat_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  pages_done integer NOT NULL DEFAULT 0,
  pages_total integer,
  message text,
  issue_id integer REFERENCES issues (issue_id) ON DELETE SET NULL,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX ingest_jobs_open ON ingest_jobs (source_host, id) WHERE state IN ('queued', 'running');
