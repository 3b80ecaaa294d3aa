-- The librarian console: who may use it, and every change made in it.
-- A librarian runs one institution; an admin (the operator's staff) runs every institution.
CREATE TABLE console_roles (
  user_id        integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  role           text NOT NULL CHECK (role IN ('librarian', 'admin')),
  institution_id integer REFERENCES institutions(id) ON DELETE CASCADE,
  granted_at     timestamptz NOT NULL DEFAULT now(),
  CHECK ((role = 'librarian') = (institution_id IS NOT NULL))
);
CREATE INDEX console_roles_institution_idx ON console_roles (institution_id);

-- Who changed what and when, with the value before and after; an institution's librarians see
-- the entries of their institution.
CREATE TABLE console_audit (
  id             bigserial PRIMARY KEY,
  at             timestamptz NOT NULL DEFAULT now(),
  actor_id       integer REFERENCES users(id) ON DELETE SET NULL,
  -- the actor's e-mail, kept if the account goes; 'operator' for a command on the server
  actor          text NOT NULL,
  institution_id integer REFERENCES institutions(id) ON DELETE CASCADE,
  action         text NOT NULL,
  target         text,
  before         jsonb,
  after          jsonb
);
CREATE INDEX console_audit_institution_idx ON console_audit (institution_id, at DESC);

-- The console's overview counts reads per institution by day.
CREATE INDEX usage_events_institution_at_idx ON usage_events (institution_id, at DESC);
