-- The fast path: what listings and home computed per request, kept up to date instead.
-- Filling the tables below takes minutes on a large catalogue: no statement timeout for this
-- migration (it runs in its own transaction).
SET LOCAL statement_timeout = 0;
--
-- 1. Each title's latest issue. Every card showed its title's latest regular issue through a
--    LATERAL subquery per card, "new arrivals" sorted the whole catalogue by a max(pub_date)
--    subquery per title (86 ms at 10,000 titles) and the home's categories joined every title of
--    a category with every issue of it to find one cover (1 s). title_latest holds, per title (empty while it has
--    no issues), its latest regular issue (the card) and its newest issue of any kind (the order of
--    new arrivals, the category's cover). A trigger on issues keeps it: ingest, the seed, the
--    console and deletions all change issues, and none of them needs to remember it.
CREATE TABLE title_latest (
  mid             integer PRIMARY KEY REFERENCES titles(mid) ON DELETE CASCADE,
  issue_id        integer,
  name            text,
  pub_date        date,
  cover_1x        text,
  cover_2x        text,
  cover_3x        text,
  newest_pub_date date,
  newest_cover_2x text
);
CREATE INDEX title_latest_newest_idx ON title_latest (newest_pub_date DESC NULLS LAST, mid DESC);

-- Recomputes one title's row from its issues (every title has one, empty while it has no issues).
-- The title's row is locked first (FOR NO KEY UPDATE does not wait for the key-share locks that
-- inserting issues takes), so two transactions adding issues to one title run this one after the
-- other and the second sees the first's issue.
CREATE FUNCTION refresh_title_latest(m integer) RETURNS void LANGUAGE sql AS $$
  SELECT 1 FROM titles WHERE mid = m FOR NO KEY UPDATE;
  INSERT INTO title_latest AS l (mid, issue_id, name, pub_date, cover_1x, cover_2x, cover_3x, newest_pub_date, newest_cover_2x)
  SELECT t.mid, r.issue_id, r.name, r.pub_date, r.cover_1x, r.cover_2x, r.cover_3x, n.pub_date, n.cover_2x
  FROM titles t
  LEFT JOIN LATERAL (SELECT pub_date, cover_2x FROM issues WHERE mid = m ORDER BY pub_date DESC, issue_id DESC LIMIT 1) n ON true
  LEFT JOIN LATERAL (
    SELECT issue_id, name, pub_date, cover_1x, cover_2x, cover_3x FROM issues
    WHERE mid = m AND NOT is_special ORDER BY pub_date DESC, issue_id DESC LIMIT 1
  ) r ON true
  WHERE t.mid = m
  ON CONFLICT (mid) DO UPDATE SET issue_id = EXCLUDED.issue_id, name = EXCLUDED.name, pub_date = EXCLUDED.pub_date,
    cover_1x = EXCLUDED.cover_1x, cover_2x = EXCLUDED.cover_2x, cover_3x = EXCLUDED.cover_3x,
    newest_pub_date = EXCLUDED.newest_pub_date, newest_cover_2x = EXCLUDED.newest_cover_2x;
$$;

CREATE FUNCTION issues_refresh_title_latest() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM refresh_title_latest(OLD.mid); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.mid <> OLD.mid) THEN PERFORM refresh_title_latest(NEW.mid); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER issues_title_latest AFTER INSERT OR DELETE OR UPDATE OF mid, name, pub_date, is_special, cover_1x, cover_2x, cover_3x
  ON issues FOR EACH ROW EXECUTE FUNCTION issues_refresh_title_latest();

CREATE FUNCTION add_title_latest() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO title_latest (mid) VALUES (NEW.mid) ON CONFLICT (mid) DO NOTHING;
  RETURN NEW;
END $$;
CREATE TRIGGER titles_add_latest AFTER INSERT ON titles FOR EACH ROW EXECUTE FUNCTION add_title_latest();

SELECT refresh_title_latest(mid) FROM titles;

-- 2. Indexes for the orders the answers use: a category's cover is its first title by curated
--    rank, featured titles are listed by it; page-text search walks issues newest first.
CREATE INDEX titles_cat_curated_idx ON titles (cat_id, curated_rank);
CREATE INDEX titles_curated_idx ON titles (curated_rank, mid);
DROP INDEX issues_date_idx;
CREATE INDEX issues_date_idx ON issues (pub_date DESC, issue_id DESC);

-- 3. Reads per category and per language for the home's "popular" rows, summed by the popularity
--    job (jobs/popularity.ts) with the titles' reads, instead of summing every title per request.
CREATE TABLE category_popularity (
  cat_id integer PRIMARY KEY REFERENCES categories(cat_id) ON DELETE CASCADE,
  reads  bigint NOT NULL
);
CREATE TABLE language_popularity (
  lang_code text PRIMARY KEY REFERENCES languages(lang_code) ON DELETE CASCADE,
  reads     bigint NOT NULL
);
INSERT INTO category_popularity SELECT t.cat_id, sum(p.reads) FROM titles t JOIN title_popularity p ON p.mid = t.mid GROUP BY t.cat_id;
INSERT INTO language_popularity SELECT t.lang_code, sum(p.reads) FROM titles t JOIN title_popularity p ON p.mid = t.mid GROUP BY t.lang_code;

-- 4. Page-text search by issue. Search answers issues, but matched pages: a word on most of
--    200,000 pages made every search fetch, rank and group them all (1.6 s). issue_search keeps one
--    row per issue with its pages' words (positions stripped: snippets and the page count still
--    come from pages) and its date and title, so a search finds issues through one GIN index, or
--    walks them newest first when the word is common, and stops after a page of them.
CREATE AGGREGATE tsvector_agg(tsvector) (SFUNC = tsvector_concat, STYPE = tsvector, INITCOND = '');
CREATE TABLE issue_search (
  issue_id integer PRIMARY KEY REFERENCES issues(issue_id) ON DELETE CASCADE,
  mid      integer NOT NULL,
  pub_date date NOT NULL,
  search   tsvector NOT NULL
);
INSERT INTO issue_search
  SELECT i.issue_id, i.mid, i.pub_date, strip(tsvector_agg(p.search)) FROM issues i JOIN pages p ON p.issue_id = i.issue_id GROUP BY i.issue_id;
CREATE INDEX issue_search_idx ON issue_search USING gin (search);
CREATE INDEX issue_search_date_idx ON issue_search (pub_date DESC, issue_id DESC);

CREATE FUNCTION refresh_issue_search(iid integer) RETURNS void LANGUAGE sql AS $$
  DELETE FROM issue_search WHERE issue_id = iid AND NOT EXISTS (SELECT 1 FROM pages WHERE issue_id = iid);
  INSERT INTO issue_search (issue_id, mid, pub_date, search)
  SELECT i.issue_id, i.mid, i.pub_date, strip(tsvector_agg(p.search)) FROM issues i JOIN pages p ON p.issue_id = i.issue_id
  WHERE i.issue_id = iid GROUP BY i.issue_id
  ON CONFLICT (issue_id) DO UPDATE SET mid = EXCLUDED.mid, pub_date = EXCLUDED.pub_date, search = EXCLUDED.search;
$$;
CREATE FUNCTION pages_refresh_issue_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM refresh_issue_search(OLD.issue_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.issue_id <> OLD.issue_id) THEN PERFORM refresh_issue_search(NEW.issue_id); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER pages_issue_search AFTER INSERT OR DELETE OR UPDATE OF issue_id, text ON pages
  FOR EACH ROW EXECUTE FUNCTION pages_refresh_issue_search();

CREATE FUNCTION issues_move_issue_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE issue_search SET mid = NEW.mid, pub_date = NEW.pub_date WHERE issue_id = NEW.issue_id;
  RETURN NULL;
END $$;
CREATE TRIGGER issues_issue_search AFTER UPDATE OF mid, pub_date ON issues
  FOR EACH ROW EXECUTE FUNCTION issues_move_issue_search();

-- 5. The filters every listing, count and search applies to titles, in one narrow index: counts
--    and the search's title check read it alone instead of the wide title rows.
CREATE INDEX titles_filter_idx ON titles (mid) INCLUDE (cat_id, lang_code, type, is_gold, is_free, is_featured, is_international, age_rating, store_ids);

-- 6. Title and story search for every script (text that search can use, as page text
--    has had since 013): the text in NFKC (Arabic presentation forms, full-width Latin) and runs
--    of Chinese and Japanese as their two-character pieces (cjk_grams), as queries ask for them.
ALTER TABLE titles DROP COLUMN search;
ALTER TABLE titles ADD COLUMN search tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', normalize(name, NFKC)), 'A') || setweight(to_tsvector('simple', normalize(name, NFKC)), 'A') ||
  setweight(to_tsvector('simple', cjk_grams(normalize(name, NFKC))), 'A') ||
  setweight(to_tsvector('english', normalize(publisher, NFKC)), 'B') || to_tsvector('simple', normalize(description, NFKC)) ||
  to_tsvector('simple', cjk_grams(normalize(description, NFKC)))
) STORED;
CREATE INDEX titles_search_idx ON titles USING gin (search);
ALTER TABLE stories DROP COLUMN search;
ALTER TABLE stories ADD COLUMN search tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', normalize(title, NFKC)), 'A') || setweight(to_tsvector('simple', normalize(title, NFKC)), 'A') ||
  setweight(to_tsvector('simple', cjk_grams(normalize(title, NFKC))), 'A') ||
  to_tsvector('english', normalize(short_desc || ' ' || body, NFKC)) || to_tsvector('simple', normalize(short_desc || ' ' || body, NFKC)) ||
  to_tsvector('simple', cjk_grams(normalize(short_desc || ' ' || body, NFKC)))
) STORED;
CREATE INDEX stories_search_idx ON stories USING gin (search);

-- Statistics for the new tables now: the planner chooses between the GIN index and the walk by
-- date from them, and PGlite has no autovacuum to gather them later.
ANALYZE title_latest, issue_search, titles;
