-- Background jobs run once across server processes (WORKERS, several machines): a job claims its
-- turn by moving last_run_at forward in the same transaction that does its work, so a failed run
-- gives the turn back. runs counts completed runs (operators; the tests count it).
CREATE TABLE job_runs (
  name text PRIMARY KEY,
  last_run_at timestamptz NOT NULL,
  runs bigint NOT NULL DEFAULT 0
);
