-- The console's access section. A code names the sections it opens (magazines always;
-- newspapers and journals only as far as the subscription has them), carries a librarian's
-- label (a batch's name), and can be disabled: it then attaches nobody new.
ALTER TABLE access_codes
  ADD COLUMN newspapers  boolean NOT NULL DEFAULT true,
  ADD COLUMN journals    boolean NOT NULL DEFAULT true,
  ADD COLUMN label       text NOT NULL DEFAULT '',
  ADD COLUMN disabled_at timestamptz,
  ADD CONSTRAINT access_codes_uses_within_limit CHECK (max_uses IS NULL OR uses <= max_uses);
CREATE INDEX access_codes_institution_idx ON access_codes (institution_id, created_at DESC);

-- The code that attached a member (null for every other way in): its sections apply to them.
ALTER TABLE users ADD COLUMN access_code_id integer REFERENCES access_codes(id) ON DELETE SET NULL;
