-- Page text that search can use.
-- 1. Chinese and Japanese have no spaces between words, so the text parser sees a whole run
--    ("日本の文化について") as one word and "文化" never matches. cjk_grams gives each run as its
--    overlapping two-character pieces plus its last character alone ("日本 本の … いて て"); a
--    query asks for the pieces of its own runs (repositories/search.ts, same ranges as
--    src/shared/search-text.ts). Pure SQL: no extension (pg_trgm sees no letters outside ASCII
--    under the C locale), the same on PGlite and PostgreSQL.
CREATE FUNCTION cjk_grams(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(substr(r[1], i, 2), ' '), '')
  FROM regexp_matches(t, '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+)', 'g') AS r,
       generate_series(1, char_length(r[1])) AS i
$$;

-- 2. Re-index: existing pages get the text in the form queries use (NFKC, as ingest stores it
--    now), then a search column that includes the pieces. Devanagari stored before the repair
--    of ingest/devanagari.ts cannot be told from correct text here: re-ingest those issues.
ALTER TABLE pages DROP COLUMN search;
UPDATE pages SET text = normalize(text, NFKC) WHERE text IS NOT NFKC NORMALIZED;
ALTER TABLE pages ADD COLUMN search tsvector GENERATED ALWAYS AS (
  to_tsvector('english', text) || to_tsvector('simple', text) || to_tsvector('simple', cjk_grams(text))
) STORED;
CREATE INDEX pages_search_idx ON pages USING gin (search);
