-- Each process keeps the order of a listing's first pages (the titles' keys, up to ten pages)
-- under the catalogue generation it was walked at (migration 027), and a later page of it fetches
-- its twenty titles by key: the walk to the page was most of PostgreSQL's time for a listing
-- (repositories/catalogue.ts). A listing's order comes from titles, their popularity rank and
-- their newest issue's date, so the generation is now also raised when a rank or an issue's
-- title or date changes, or an issue comes or goes.
--
-- Once per transaction, at its commit: an ingest adds its issue and then its pages and moves its
-- files in one transaction, and a raise at the insert would hold the generation's row (and every
-- other writer of titles or issues) until then. A transaction-local setting marks it as raised.
CREATE FUNCTION bump_catalogue_generation_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('lectern.catalogue_bumped', true) IS DISTINCT FROM 'yes' THEN
    PERFORM set_config('lectern.catalogue_bumped', 'yes', true);
    UPDATE catalogue_generation SET gen = gen + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER issues_catalogue_generation AFTER INSERT OR DELETE OR UPDATE OF mid, pub_date ON issues
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_generation_once();
CREATE TRIGGER issues_truncate_catalogue_generation AFTER TRUNCATE ON issues
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_generation();

-- The popularity job writes only the titles whose figures changed; a rank that stays is no change.
CREATE CONSTRAINT TRIGGER title_popularity_catalogue_generation AFTER UPDATE OF rank ON title_popularity
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.rank IS DISTINCT FROM NEW.rank)
  EXECUTE FUNCTION bump_catalogue_generation_once();
CREATE TRIGGER title_popularity_truncate_catalogue_generation AFTER TRUNCATE ON title_popularity
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_generation();
