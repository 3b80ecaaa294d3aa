-- COUNTER reports without the per-request sum: the counts pivoted by month. One row
-- per institution, calendar year (UTC), title and metric type, with the twelve months as columns
-- m01..m12 and no year of publication, so a 12-month report reads about one row per title and
-- metric type (two where it spans two years) instead of one per month and year of publication.
-- counter_usage (017) stays: TR_J4 breaks requests down by year of publication. Both are kept up
-- to date in the statement that counts each arriving batch (repositories/counter-usage.ts).
CREATE TABLE counter_title_months (
  institution_id integer NOT NULL REFERENCES institutions(id) ON DELETE CASCADE,
  year           integer NOT NULL,
  mid            integer NOT NULL REFERENCES titles(mid) ON DELETE CASCADE,
  metric         text NOT NULL,
  m01 integer NOT NULL DEFAULT 0,
  m02 integer NOT NULL DEFAULT 0,
  m03 integer NOT NULL DEFAULT 0,
  m04 integer NOT NULL DEFAULT 0,
  m05 integer NOT NULL DEFAULT 0,
  m06 integer NOT NULL DEFAULT 0,
  m07 integer NOT NULL DEFAULT 0,
  m08 integer NOT NULL DEFAULT 0,
  m09 integer NOT NULL DEFAULT 0,
  m10 integer NOT NULL DEFAULT 0,
  m11 integer NOT NULL DEFAULT 0,
  m12 integer NOT NULL DEFAULT 0,
  PRIMARY KEY (institution_id, year, mid, metric)
);

-- Platform metric types that belong to no title (Searches_Platform), the same way.
CREATE TABLE counter_platform_months (
  institution_id integer NOT NULL REFERENCES institutions(id) ON DELETE CASCADE,
  year           integer NOT NULL,
  metric         text NOT NULL,
  m01 integer NOT NULL DEFAULT 0,
  m02 integer NOT NULL DEFAULT 0,
  m03 integer NOT NULL DEFAULT 0,
  m04 integer NOT NULL DEFAULT 0,
  m05 integer NOT NULL DEFAULT 0,
  m06 integer NOT NULL DEFAULT 0,
  m07 integer NOT NULL DEFAULT 0,
  m08 integer NOT NULL DEFAULT 0,
  m09 integer NOT NULL DEFAULT 0,
  m10 integer NOT NULL DEFAULT 0,
  m11 integer NOT NULL DEFAULT 0,
  m12 integer NOT NULL DEFAULT 0,
  PRIMARY KEY (institution_id, year, metric)
);

-- The counts kept so far, pivoted.
INSERT INTO counter_title_months (institution_id, year, mid, metric, m01, m02, m03, m04, m05, m06, m07, m08, m09, m10, m11, m12)
SELECT institution_id, extract(year FROM month)::int, mid, metric,
       coalesce(sum(n) FILTER (WHERE extract(month FROM month) = 1), 0)::int,
       coalesce(sum(n) FILTER (WHERE extract(month FROM month) = 2), 0)::int,
       coalesce(sum(n) FILTER (WHERE extract(month FROM month) = 3), 0)::int,
       coalesce(sum(n) FILTER (WHERE extract(month FROM month) = 4), 0)::int,
       coalesce(sum(n) FILTER (WHERE extract(month FROM month) = 5), 0)::int,
       coalesce(sum(n) FILTER (WHERE extract(month FROM month) = 6), 0)::int,
       coalesce(sum(n) FILTER (WHERE extract(month FROM month) = 7), 0)::int,
       coalesce(sum(n) FILTER (WHERE extract(month FROM month) = 8), 0)::int,
       coalesce(sum(n) FILTER (WHERE extract(month FROM month) = 9), 0)::int,
       coalesce(sum(n) FILTER (WHERE extract(month FROM month) = 10), 0)::int,
       coalesce(sum(n) FILTER (WHERE extract(month FROM month) = 11), 0)::int,
       coalesce(sum(n) FILTER (WHERE extract(month FROM month) = 12), 0)::int
FROM counter_usage
GROUP BY 1, 2, 3, 4;
