-- SAML 2.0 sign-in (Shibboleth, OpenAthens, eduGAIN members) beside OpenID Connect. An
-- institution signs in through one system: its identity provider's entity ID, sign-in address and
-- signing certificates, read from metadata an admin gave by address (kept, to refresh from) or pasted.
ALTER TABLE institutions
  ADD COLUMN saml_entity_id    text,
  ADD COLUMN saml_sso_url      text,
  ADD COLUMN saml_certs        text[],
  ADD COLUMN saml_metadata_url text;

-- A SAML sign-in in progress is kept like an OpenID one, its state being the AuthnRequest's ID
-- (no PKCE verifier, no nonce).
ALTER TABLE sso_states
  ADD COLUMN protocol text NOT NULL DEFAULT 'oidc' CHECK (protocol IN ('oidc', 'saml')),
  ALTER COLUMN code_verifier DROP NOT NULL,
  ALTER COLUMN nonce DROP NOT NULL;

-- A verified SAML answer waiting for the app to collect it: the assertion service checked the
-- provider's response and sends the browser on with a one-use handle (kept only as its SHA-256).
CREATE TABLE saml_answers (
  handle_hash    text PRIMARY KEY,
  institution_id integer NOT NULL REFERENCES institutions(id) ON DELETE CASCADE,
  issuer         text NOT NULL,
  name_id        text NOT NULL,
  name_id_format text,
  attributes     jsonb NOT NULL,
  return_to      text NOT NULL DEFAULT '/',
  link_user_id   integer REFERENCES users(id) ON DELETE CASCADE,
  created_at     timestamptz NOT NULL DEFAULT now()
);
