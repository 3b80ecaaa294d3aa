-- Safe on the internet: an institution's e-mail domains count only once proven, institution
-- sign-in binds the provider's (issuer, subject) to one account, and institution names are unique.

-- Each e-mail domain an institution claims. A claim is pending (it lets nobody in) until proven:
-- by the DNS TXT record `_lectern.<domain>` holding `lectern-verify=<token>`, or by a Lectern
-- admin's approval. Several institutions may claim a domain while it is pending (a squatter
-- cannot block its owner); once one proves it, it is that institution's alone.
CREATE TABLE institution_domains (
  institution_id integer NOT NULL REFERENCES institutions(id) ON DELETE CASCADE,
  domain         text NOT NULL CHECK (domain = lower(domain)),
  token          text NOT NULL,
  added_at       timestamptz NOT NULL DEFAULT now(),
  -- how it was proven: dns, admin (a Lectern admin approved it), or upgrade (it counted before
  -- this migration and was kept); null while pending
  proof          text CHECK (proof IN ('dns', 'admin', 'upgrade')),
  -- from when it counts: accounts made before then are not moved into the institution by it
  proven_at      timestamptz,
  -- the last DNS check and what it found (found, absent, failed)
  checked_at     timestamptz,
  check_result   text CHECK (check_result IN ('found', 'absent', 'failed')),
  PRIMARY KEY (institution_id, domain),
  CHECK ((proof IS NULL) = (proven_at IS NULL))
);
CREATE UNIQUE INDEX institution_domains_proven_idx ON institution_domains (domain) WHERE proven_at IS NOT NULL;
CREATE INDEX institution_domains_review_idx ON institution_domains (added_at) WHERE proven_at IS NULL OR proof = 'upgrade';

-- The domains of today keep counting (live institutions' new members keep joining), marked
-- "upgrade" so an admin can review them. They count from when a librarian last added them (the
-- audit log), else from the institution's creation. Where two institutions hold one domain, the
-- one sign-in chose so far keeps it (live first, then the later end) and the others' claims wait;
-- a public mail service is never kept.
INSERT INTO institution_domains (institution_id, domain, token, added_at, proof, proven_at)
SELECT c.institution_id, c.domain, replace(gen_random_uuid()::text, '-', ''), c.since,
       CASE WHEN c.keep THEN 'upgrade' END, CASE WHEN c.keep THEN c.since END
FROM (
  SELECT d.institution_id, d.domain, d.since,
         row_number() OVER (PARTITION BY d.domain ORDER BY d.live DESC, d.sub_end DESC, d.institution_id) = 1
           AND d.domain NOT IN ('gmail.com', 'googlemail.com', 'yahoo.com', 'yahoo.co.in', 'yahoo.co.uk', 'ymail.com', 'outlook.com',
             'hotmail.com', 'live.com', 'msn.com', 'icloud.com', 'me.com', 'aol.com', 'proton.me', 'protonmail.com', 'rediffmail.com',
             'zoho.com', 'gmx.com', 'gmx.net', 'mail.com', 'yandex.com', 'yandex.ru', 'mail.ru', 'qq.com', '163.com', '126.com',
             'example.com', 'example.org', 'example.net') AS keep
  FROM (
    SELECT DISTINCT ON (i.id, lower(e.d)) i.id AS institution_id, lower(e.d) AS domain, i.sub_end, i.sub_end > now() AS live,
           coalesce((SELECT max(a.at) FROM console_audit a
                     WHERE a.action = 'domain.add' AND a.institution_id = i.id AND a.target = lower(e.d)), i.created_at) AS since
    FROM institutions i, unnest(i.email_domains) AS e(d)
  ) d
) c;

ALTER TABLE institutions DROP COLUMN email_domains;

-- Institution sign-in (OpenID Connect): the provider's account (issuer, subject) bound to the one
-- Lectern account it made on its first sign-in, or that the reader linked while signed in.
-- Later sign-ins find the account by it, never by the e-mail address alone.
CREATE TABLE sso_identities (
  issuer         text NOT NULL,
  subject        text NOT NULL,
  user_id        integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  institution_id integer REFERENCES institutions(id) ON DELETE SET NULL,
  linked_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (issuer, subject),
  UNIQUE (issuer, user_id)
);
CREATE INDEX sso_identities_user_idx ON sso_identities (user_id);

-- A sign-in started from My Account to link the signed-in reader's account (null: a sign-in).
ALTER TABLE sso_states ADD COLUMN link_user_id integer REFERENCES users(id) ON DELETE CASCADE;

-- Institution names are unique, compared without case, spaces or accents (name_key, migration
-- 010; named with its schema, as an index's maintenance runs with a bare search path): no
-- institution can take another's name. Names shared today: the oldest keeps it, the
-- others get their org code (or number) added, recorded in their activity log.
CREATE FUNCTION institution_name_key(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT replace(public.name_key(t), ' ', '')
$$;
WITH renamed AS (
  UPDATE institutions i SET name = i.name || ' (' || coalesce(i.con_code, i.id::text) || ')'
  FROM (SELECT id, name, row_number() OVER (PARTITION BY institution_name_key(name) ORDER BY id) AS n FROM institutions) o
  WHERE o.id = i.id AND o.n > 1
  RETURNING i.id, o.name AS before, i.name AS after
)
INSERT INTO console_audit (actor, institution_id, action, before, after)
SELECT 'operator', id, 'branding.name', jsonb_build_object('name', before), jsonb_build_object('name', after) FROM renamed;
CREATE UNIQUE INDEX institutions_name_key_idx ON institutions (institution_name_key(name));
