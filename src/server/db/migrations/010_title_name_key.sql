-- Finding a title by its name: one normal form of a name for both sides of a comparison
-- (Unicode compatibility forms folded, Latin accents dropped, lower case, single spaces), so
-- "Café  Times", "cafe times" and a full-width "Ｃａｆｅ" meet. Devanagari marks are kept: they
-- are letters of the word, not accents. The app and the query use this same function.
CREATE FUNCTION name_key(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(lower(regexp_replace(normalize(t, NFKD), '[\u0300-\u036f]', '', 'g')), '\s+', ' ', 'g'))
$$;
ALTER TABLE titles ADD COLUMN name_key text GENERATED ALWAYS AS (name_key(name)) STORED;
-- trigram similarity for "did you mean"
CREATE INDEX titles_name_key_trgm_idx ON titles USING gin (name_key gin_trgm_ops);
