-- Listings by popularity walk an index instead of sorting the catalogue: every title has a
-- title_popularity row (a trigger adds it), and the popularity job stores each title's rank.
ALTER TABLE title_popularity ADD COLUMN rank integer NOT NULL DEFAULT 2147483647;
CREATE INDEX title_popularity_rank_idx ON title_popularity (rank, mid);

INSERT INTO title_popularity (mid, reads, rank)
  SELECT t.mid, 0, 2147483647 FROM titles t
  WHERE NOT EXISTS (SELECT 1 FROM title_popularity p WHERE p.mid = t.mid);
UPDATE title_popularity p SET rank = r.rank FROM (
  SELECT p2.mid, row_number() OVER (ORDER BY p2.reads DESC, t.curated_rank, t.mid) AS rank
  FROM title_popularity p2 JOIN titles t ON t.mid = p2.mid
) r WHERE r.mid = p.mid;

CREATE FUNCTION add_title_popularity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO title_popularity (mid, reads, rank) VALUES (NEW.mid, 0, 2147483647) ON CONFLICT (mid) DO NOTHING;
  RETURN NEW;
END $$;
CREATE TRIGGER titles_add_popularity AFTER INSERT ON titles FOR EACH ROW EXECUTE FUNCTION add_title_popularity();
