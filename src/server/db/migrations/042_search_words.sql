-- The words search knows, for "did you mean" on a misspelt word: every word of page text and of
-- title names (the 'simple' parser: lower case, unstemmed, in the NFKC form page text is stored in
-- and queries are put in), with the number of pages and titles it is on. Triggers keep the counts
-- as pages and titles change, so a word nothing contains any more is never suggested.
-- Filling it reads every page once: no statement timeout for this migration.
SET LOCAL statement_timeout = 0;

CREATE TABLE search_words (
  word text COLLATE "C" PRIMARY KEY, -- byte order: a prefix is a range of the key
  n    integer NOT NULL
);
-- Latin words are found by trigrams; pg_trgm sees no letters in Devanagari under the C locale,
-- so other words are found by their first letter and length, and ranked by edit distance.
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);
CREATE INDEX search_words_head_idx ON search_words (left(word, 1), char_length(word));

-- The words of a text as the vocabulary keeps them: letters only (no numbers), 3 to 40 characters.
CREATE FUNCTION vocabulary_words(t text) RETURNS SETOF text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple', t))) AS w
  WHERE char_length(w) BETWEEN 3 AND 40 AND w !~ '[0-9_./-]'
$$;

-- Adds (sign 1) or takes away (sign -1) the words of a set of texts, once per distinct word: the
-- triggers below run once per statement with its rows (transition tables), so the demo loader's
-- or an ingest's many pages cost one upsert per word, not one per word of each page. Words in
-- sorted order, so two transactions adding the same words lock them in the same order.
CREATE FUNCTION count_vocabulary(texts text[], sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF sign > 0 THEN
    INSERT INTO search_words AS s (word, n)
      SELECT v.w, count(*) FROM unnest(texts) AS x(t), vocabulary_words(x.t) AS v(w) GROUP BY v.w ORDER BY v.w
      ON CONFLICT (word) DO UPDATE SET n = s.n + EXCLUDED.n;
  ELSE
    UPDATE search_words s SET n = s.n - x.k
      FROM (SELECT v.w, count(*) AS k FROM unnest(texts) AS x(t), vocabulary_words(x.t) AS v(w) GROUP BY v.w ORDER BY v.w) x
      WHERE s.word = x.w;
    DELETE FROM search_words s WHERE s.n <= 0 AND s.word IN (SELECT v.w FROM unnest(texts) AS x(t), vocabulary_words(x.t) AS v(w));
  END IF;
END $$;

CREATE FUNCTION pages_add_vocabulary() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM count_vocabulary(ARRAY(SELECT text FROM new_rows), 1);
  RETURN NULL;
END $$;
CREATE FUNCTION pages_remove_vocabulary() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM count_vocabulary(ARRAY(SELECT text FROM old_rows), -1);
  RETURN NULL;
END $$;
-- An update counts only the pages whose text changed (a transition table allows no column list).
CREATE FUNCTION pages_change_vocabulary() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM count_vocabulary(ARRAY(SELECT o.text FROM old_rows o JOIN new_rows n USING (issue_id, page_no) WHERE o.text IS DISTINCT FROM n.text), -1);
  PERFORM count_vocabulary(ARRAY(SELECT n.text FROM old_rows o JOIN new_rows n USING (issue_id, page_no) WHERE o.text IS DISTINCT FROM n.text), 1);
  RETURN NULL;
END $$;
CREATE TRIGGER pages_vocabulary_insert AFTER INSERT ON pages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pages_add_vocabulary();
CREATE TRIGGER pages_vocabulary_delete AFTER DELETE ON pages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pages_remove_vocabulary();
CREATE TRIGGER pages_vocabulary_update AFTER UPDATE ON pages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pages_change_vocabulary();

CREATE FUNCTION titles_add_vocabulary() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM count_vocabulary(ARRAY(SELECT name FROM new_rows), 1);
  RETURN NULL;
END $$;
CREATE FUNCTION titles_remove_vocabulary() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM count_vocabulary(ARRAY(SELECT name FROM old_rows), -1);
  RETURN NULL;
END $$;
CREATE FUNCTION titles_change_vocabulary() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM count_vocabulary(ARRAY(SELECT o.name FROM old_rows o JOIN new_rows n USING (mid) WHERE o.name IS DISTINCT FROM n.name), -1);
  PERFORM count_vocabulary(ARRAY(SELECT n.name FROM old_rows o JOIN new_rows n USING (mid) WHERE o.name IS DISTINCT FROM n.name), 1);
  RETURN NULL;
END $$;
CREATE TRIGGER titles_vocabulary_insert AFTER INSERT ON titles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION titles_add_vocabulary();
CREATE TRIGGER titles_vocabulary_delete AFTER DELETE ON titles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION titles_remove_vocabulary();
CREATE TRIGGER titles_vocabulary_update AFTER UPDATE ON titles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION titles_change_vocabulary();

INSERT INTO search_words (word, n)
  SELECT w, count(*) FROM (
    SELECT vocabulary_words(text) AS w FROM pages
    UNION ALL
    SELECT vocabulary_words(name) FROM titles
  ) x GROUP BY w;
