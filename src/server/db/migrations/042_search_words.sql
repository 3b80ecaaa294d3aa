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

-- Adds (sign 1) or takes away (sign -1) one text's words. Words in sorted order, so two
-- transactions adding the same words lock them in the same order and never deadlock.
CREATE FUNCTION count_vocabulary(t text, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF t IS NULL THEN RETURN; END IF;
  IF sign > 0 THEN
    INSERT INTO search_words AS s (word, n) SELECT v.w, 1 FROM vocabulary_words(t) AS v(w) ORDER BY v.w
      ON CONFLICT (word) DO UPDATE SET n = s.n + 1;
  ELSE
    UPDATE search_words s SET n = s.n - 1 FROM (SELECT v.w FROM vocabulary_words(t) AS v(w) ORDER BY v.w) x WHERE s.word = x.w;
    DELETE FROM search_words s USING vocabulary_words(t) AS v(w) WHERE s.word = v.w AND s.n <= 0;
  END IF;
END $$;

CREATE FUNCTION pages_count_vocabulary() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM count_vocabulary(OLD.text, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM count_vocabulary(NEW.text, 1); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER pages_vocabulary AFTER INSERT OR DELETE OR UPDATE OF text ON pages
  FOR EACH ROW EXECUTE FUNCTION pages_count_vocabulary();

CREATE FUNCTION titles_count_vocabulary() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM count_vocabulary(OLD.name, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM count_vocabulary(NEW.name, 1); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER titles_vocabulary AFTER INSERT OR DELETE OR UPDATE OF name ON titles
  FOR EACH ROW EXECUTE FUNCTION titles_count_vocabulary();

INSERT INTO search_words (word, n)
  SELECT w, count(*) FROM (
    SELECT vocabulary_words(text) AS w FROM pages
    UNION ALL
    SELECT vocabulary_words(name) FROM titles
  ) x GROUP BY w;
