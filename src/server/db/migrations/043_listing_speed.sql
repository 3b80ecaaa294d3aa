-- The uncached listing path. A listing page walks titles in its order (popularity, newest issue,
-- curated rank, or a category's titles ranked) until it has passed the page's offset, and every
-- title on the way was read from its table row to check the filters: three buffers a title, 600
-- to 900 for page 10 at 10,000 titles. The walk now reads the title's key and filter columns only
-- (repositories/catalogue.ts), from indexes that hold them, and the card's columns for the page's
-- twenty rows. The popularity walk already had titles_filter_idx (migration 021).

-- A title's rank, read beside its key: a category's and the featured listing's rank look-ups.
CREATE INDEX title_popularity_mid_rank_idx ON title_popularity (mid) INCLUDE (rank);

-- A category's titles with the columns a listing filters on (was: their table rows).
CREATE INDEX titles_cat_filter_idx ON titles (cat_id, mid)
  INCLUDE (lang_code, type, is_featured, is_international, is_free, age_rating, store_ids);

-- The featured titles in curated order (was: every title in curated order, the others filtered out).
CREATE INDEX titles_featured_idx ON titles (curated_rank, mid)
  INCLUDE (cat_id, lang_code, type, is_international, is_free, age_rating, store_ids)
  WHERE is_featured;

ANALYZE titles;
ANALYZE title_popularity;
