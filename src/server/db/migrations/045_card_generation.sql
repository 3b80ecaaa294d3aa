-- Each process also keeps the cards it made (repositories/catalogue.ts) under the catalogue
-- generation (migrations 027 and 044). A card is its title's columns, which raise the generation
-- already, and its title's latest issue (title_latest, migration 021), which now raises it too
-- when it changes: an issue renamed, its covers made again, a special issue made regular. A row of
-- title_latest comes and goes with its title, which raises the generation then.
CREATE CONSTRAINT TRIGGER title_latest_catalogue_generation AFTER UPDATE ON title_latest
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION bump_catalogue_generation_once();
