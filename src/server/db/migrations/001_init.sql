-- Lectern schema, version 1. Runs on PGlite and on PostgreSQL alike.
-- Search vectors index every text twice: the English stemmer for English words and the
-- 'simple' parser for everything else (Hindi/Devanagari has no stemmer in Postgres).

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Server-generated secrets and other key/value settings (signing keys live here).
CREATE TABLE settings (
  key        text PRIMARY KEY,
  value      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE stores (
  store_id   integer PRIMARY KEY,
  name       text NOT NULL,
  country    char(2) NOT NULL
);

CREATE TABLE languages (
  lang_code   text PRIMARY KEY,
  name        text NOT NULL,
  native_name text NOT NULL,
  curated_rank integer NOT NULL DEFAULT 1000
);

CREATE TABLE categories (
  cat_id       integer PRIMARY KEY,
  name         text NOT NULL,
  name_hi      text,
  slug         text NOT NULL UNIQUE,
  image        text,
  hidden       boolean NOT NULL DEFAULT false,
  curated_rank integer NOT NULL DEFAULT 1000
);

-- Libraries: subscribing institutions with their branding and subscription window.
CREATE TABLE institutions (
  id             serial PRIMARY KEY,
  name           text NOT NULL,
  con_code       text UNIQUE,
  logo1          text,
  logo2          text,
  logo3          text,
  email_domains  text[] NOT NULL DEFAULT '{}',
  sub_start      timestamptz NOT NULL,
  sub_end        timestamptz NOT NULL,
  newspapers     boolean NOT NULL DEFAULT true,
  journals       boolean NOT NULL DEFAULT true,
  country        char(2) NOT NULL DEFAULT 'IN',
  age_rating     integer NOT NULL DEFAULT 9,
  created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id              serial PRIMARY KEY,
  uuid            uuid NOT NULL UNIQUE,
  email           text UNIQUE,
  mobile          text UNIQUE,
  first_name      text NOT NULL DEFAULT '',
  last_name       text NOT NULL DEFAULT '',
  password_hash   text,
  user_type       text NOT NULL DEFAULT 'user' CHECK (user_type IN ('user', 'guest')),
  uniq_id         text UNIQUE,
  institution_id  integer REFERENCES institutions(id) ON DELETE SET NULL,
  access_ends_at  timestamptz,
  age_rate        integer NOT NULL DEFAULT 6,
  uploaded_id     boolean NOT NULL DEFAULT false,
  created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE access_codes (
  id             serial PRIMARY KEY,
  code           text NOT NULL UNIQUE,
  institution_id integer NOT NULL REFERENCES institutions(id) ON DELETE CASCADE,
  ends_at        timestamptz NOT NULL,
  max_uses       integer,
  uses           integer NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE titles (
  mid               serial PRIMARY KEY,
  name              text NOT NULL,
  slug              text NOT NULL,
  publisher         text NOT NULL,
  cat_id            integer NOT NULL REFERENCES categories(cat_id),
  lang_code         text NOT NULL REFERENCES languages(lang_code),
  frequency         text NOT NULL,
  type              text NOT NULL CHECK (type IN ('magazine', 'newspaper', 'journal')),
  is_gold           boolean NOT NULL DEFAULT true,
  is_free           boolean NOT NULL DEFAULT false,
  is_featured       boolean NOT NULL DEFAULT false,
  is_international  boolean NOT NULL DEFAULT false,
  store_ids         integer[] NOT NULL DEFAULT '{1}',
  blocked_countries text[] NOT NULL DEFAULT '{}',
  age_rating        integer NOT NULL DEFAULT 3,
  description       text NOT NULL DEFAULT '',
  curated_rank      integer NOT NULL DEFAULT 1000,
  created_at        timestamptz NOT NULL DEFAULT now(),
  search            tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('simple', name), 'A') ||
    setweight(to_tsvector('english', publisher), 'B') || to_tsvector('simple', description)
  ) STORED
);
CREATE INDEX titles_search_idx ON titles USING gin (search);
CREATE INDEX titles_name_trgm_idx ON titles USING gin (name gin_trgm_ops);
CREATE INDEX titles_cat_idx ON titles (cat_id, lang_code);
CREATE INDEX titles_lang_idx ON titles (lang_code);

CREATE TABLE issues (
  issue_id    serial PRIMARY KEY,
  mid         integer NOT NULL REFERENCES titles(mid) ON DELETE CASCADE,
  name        text NOT NULL,
  pub_date    date NOT NULL,
  is_special  boolean NOT NULL DEFAULT false,
  page_count  integer NOT NULL DEFAULT 0,
  cover_1x    text,
  cover_2x    text,
  cover_3x    text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX issues_mid_date_idx ON issues (mid, pub_date DESC);
CREATE INDEX issues_date_idx ON issues (pub_date DESC);

-- One row per page: two rendered widths (content-addressed media names) and extracted text.
CREATE TABLE pages (
  issue_id     integer NOT NULL REFERENCES issues(issue_id) ON DELETE CASCADE,
  page_no      integer NOT NULL,
  width        integer NOT NULL,
  height       integer NOT NULL,
  image_small  text,
  image_large  text,
  text         text NOT NULL DEFAULT '',
  search       tsvector GENERATED ALWAYS AS (
    to_tsvector('english', text) || to_tsvector('simple', text)
  ) STORED,
  PRIMARY KEY (issue_id, page_no)
);
CREATE INDEX pages_search_idx ON pages USING gin (search);

CREATE TABLE stories (
  id             serial PRIMARY KEY,
  canonical_url  text NOT NULL UNIQUE,
  title          text NOT NULL,
  subtitle       text NOT NULL DEFAULT '',
  short_desc     text NOT NULL DEFAULT '',
  body           text NOT NULL DEFAULT '',
  read_time_s    integer NOT NULL DEFAULT 60,
  is_news        boolean NOT NULL DEFAULT false,
  section        text NOT NULL DEFAULT 'sec_60',
  category       text NOT NULL DEFAULT 'Cover-Stories',
  cover          text,
  mid            integer REFERENCES titles(mid) ON DELETE SET NULL,
  issue_id       integer REFERENCES issues(issue_id) ON DELETE SET NULL,
  lang_code      text NOT NULL DEFAULT 'en' REFERENCES languages(lang_code),
  age_rating     integer NOT NULL DEFAULT 3,
  published_at   timestamptz NOT NULL DEFAULT now(),
  search         tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('simple', title), 'A') ||
    to_tsvector('english', short_desc || ' ' || body) || to_tsvector('simple', short_desc || ' ' || body)
  ) STORED
);
CREATE INDEX stories_search_idx ON stories USING gin (search);
CREATE INDEX stories_section_idx ON stories (section, category, published_at DESC);
CREATE INDEX stories_issue_idx ON stories (issue_id);

CREATE TABLE favourites (
  user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  mid        integer NOT NULL REFERENCES titles(mid) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, mid)
);

-- Every read: the data behind popularity and the librarians' reports.
CREATE TABLE usage_events (
  id             bigserial PRIMARY KEY,
  kind           text NOT NULL,
  user_id        integer REFERENCES users(id) ON DELETE SET NULL,
  institution_id integer REFERENCES institutions(id) ON DELETE SET NULL,
  mid            integer REFERENCES titles(mid) ON DELETE CASCADE,
  issue_id       integer REFERENCES issues(issue_id) ON DELETE CASCADE,
  page_no        integer,
  source         text NOT NULL DEFAULT 'web',
  at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX usage_events_mid_at_idx ON usage_events (mid, at DESC);
CREATE INDEX usage_events_at_idx ON usage_events (at DESC);

CREATE TABLE enquiries (
  id               serial PRIMARY KEY,
  user_name        text NOT NULL,
  email            text NOT NULL,
  message          text NOT NULL,
  institution_name text,
  designation      text,
  mobile           text,
  campuses         text,
  students         text,
  created_at       timestamptz NOT NULL DEFAULT now()
);

-- Popularity summary, rebuilt from usage_events by a job (refreshPopularity): keeps the hot
-- home and listing queries off the events table.
CREATE TABLE title_popularity (
  mid    integer PRIMARY KEY REFERENCES titles(mid) ON DELETE CASCADE,
  reads  integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
