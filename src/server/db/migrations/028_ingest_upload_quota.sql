-- Upload queue limit per admin: how many jobs each admin has queued or running, so an
-- upload takes a place with one statement (INSERT … ON CONFLICT DO UPDATE … WHERE open_jobs < max:
-- the row is locked and the test made on its newest version, so concurrent uploads cannot pass the
-- limit; a count of ingest_jobs could, each statement seeing the others' rows not yet committed).
-- A job gives its place back when it leaves 'queued'/'running' or is deleted, whoever changes it
-- (the trigger), so the runner's code paths need not know.
CREATE TABLE ingest_upload_quota (
  user_id   integer PRIMARY KEY,
  open_jobs integer NOT NULL CHECK (open_jobs >= 0)
);
INSERT INTO ingest_upload_quota
  SELECT created_by, count(*) FROM ingest_jobs WHERE created_by IS NOT NULL AND state IN ('queued', 'running') GROUP BY created_by;

CREATE FUNCTION ingest_jobs_upload_quota() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.created_by IS NOT NULL AND OLD.state IN ('queued', 'running')
     AND (TG_OP = 'DELETE' OR NEW.state NOT IN ('queued', 'running')) THEN
    UPDATE ingest_upload_quota SET open_jobs = open_jobs - 1 WHERE user_id = OLD.created_by AND open_jobs > 0;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER ingest_jobs_upload_quota AFTER UPDATE OF state OR DELETE ON ingest_jobs
  FOR EACH ROW EXECUTE FUNCTION ingest_jobs_upload_quota();
