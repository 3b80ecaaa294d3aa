-- Accounts and access: sign-in sessions (revocable tokens), one-time codes, rate-limit events,
-- server secrets, e-mail preferences, ID uploads, deletion requests, SSO settings.

-- Secrets the server generates on first start (token signing key, code hashing key).
CREATE TABLE app_secrets (
  name       text PRIMARY KEY,
  value      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE users
  ADD COLUMN email_verified  boolean NOT NULL DEFAULT false,
  ADD COLUMN mobile_verified boolean NOT NULL DEFAULT false,
  ADD COLUMN email_prefs     jsonb NOT NULL DEFAULT '{"newIssues": true, "recommendations": true, "productNews": false}',
  ADD COLUMN last_login_at   timestamptz,
  ADD COLUMN delete_after    timestamptz;

-- One row per signed-in device; a token names its session, so logout and a password change
-- can revoke tokens on the server.
CREATE TABLE user_sessions (
  id          uuid PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz,
  user_agent  text
);
CREATE INDEX user_sessions_user_idx ON user_sessions (user_id);

-- One-time codes: stored as an HMAC, tied to the request id the client got back.
CREATE TABLE otp_requests (
  id          uuid PRIMARY KEY,
  channel     text NOT NULL CHECK (channel IN ('email', 'mobile')),
  contact     text NOT NULL,
  purpose     text NOT NULL CHECK (purpose IN ('login', 'reset', 'link')),
  user_id     integer REFERENCES users(id) ON DELETE CASCADE,
  code_hash   text NOT NULL,
  attempts    integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX otp_requests_contact_idx ON otp_requests (contact, created_at DESC);

-- Sliding-window rate limits shared by every server process (buckets: otp-send, otp-fail, …).
CREATE TABLE rate_events (
  bucket text NOT NULL,
  key    text NOT NULL,
  at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_events_idx ON rate_events (bucket, key, at);

-- Which access code attached which account (a code counts one use per account).
CREATE TABLE access_code_uses (
  code_id  integer NOT NULL REFERENCES access_codes(id) ON DELETE CASCADE,
  user_id  integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  used_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (code_id, user_id)
);

-- Institution ID uploads waiting for a librarian.
CREATE TABLE id_uploads (
  id             serial PRIMARY KEY,
  user_id        integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  institution_id integer REFERENCES institutions(id) ON DELETE SET NULL,
  file_name      text NOT NULL,
  mime           text NOT NULL,
  bytes          integer NOT NULL,
  status         text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  created_at     timestamptz NOT NULL DEFAULT now(),
  decided_at     timestamptz
);

-- OpenID Connect settings of an institution's identity provider (null: no SSO).
ALTER TABLE institutions
  ADD COLUMN sso_issuer        text,
  ADD COLUMN sso_client_id     text,
  ADD COLUMN sso_client_secret text;

-- Institution sign-in in progress: the PKCE verifier and nonce of each state, used once.
CREATE TABLE sso_states (
  state          text PRIMARY KEY,
  institution_id integer NOT NULL REFERENCES institutions(id) ON DELETE CASCADE,
  code_verifier  text NOT NULL,
  nonce          text NOT NULL,
  return_to      text NOT NULL DEFAULT '/',
  created_at     timestamptz NOT NULL DEFAULT now()
);

-- What a usage event was about beyond its title/issue/page (e.g. the term of a search that found
-- nothing).
ALTER TABLE usage_events ADD COLUMN detail text;
