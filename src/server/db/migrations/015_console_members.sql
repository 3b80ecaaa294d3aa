-- The console's members and access requests.

-- What a member search matches: name, e-mail and mobile, lower-cased, in one string, so one
-- trigram index serves prefix and substring searches of any of them.
CREATE FUNCTION member_search_key(first_name text, last_name text, email text, mobile text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || coalesce(mobile, '')) $$;
CREATE INDEX users_member_search_idx ON users USING gin (member_search_key(first_name, last_name, email, mobile) gin_trgm_ops);
-- An institution's members in the list's order (by name, byte order so that a short term's
-- name-prefix search is a range of this index), a page at a time.
CREATE INDEX users_institution_name_idx ON users (institution_id, (lower(first_name || ' ' || last_name) COLLATE "C"), id);
-- The access requests waiting for an institution.
CREATE INDEX id_uploads_pending_idx ON id_uploads (institution_id, created_at) WHERE status = 'pending';

-- Members a librarian removed: they do not come back by their e-mail domain or the institution's
-- sign-in (SSO); an approved ID or an access code lets them in again (and clears this).
CREATE TABLE member_removals (
  institution_id integer NOT NULL REFERENCES institutions(id) ON DELETE CASCADE,
  user_id        integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  removed_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, institution_id)
);
