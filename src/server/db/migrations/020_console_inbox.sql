-- The console's enquiries inbox. An enquiry belongs to the institution named in the
-- enquiry form (its name, as readers see it) or else to the signed-in sender's institution; one
-- with neither is seen by admins only. Its status is the librarian's: new, answered, closed.
ALTER TABLE enquiries
  ADD COLUMN institution_id integer REFERENCES institutions(id) ON DELETE SET NULL,
  ADD COLUMN status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'answered', 'closed')),
  ADD COLUMN status_at timestamptz;

-- Enquiries kept before this migration: by the institution named in them.
UPDATE enquiries e SET institution_id = i.id
FROM institutions i
WHERE e.institution_id IS NULL AND lower(i.name) = lower(trim(e.institution_name));

-- The inbox: an institution's, newest first, optionally of one status.
CREATE INDEX enquiries_institution_idx ON enquiries (institution_id, status, created_at DESC, id DESC);
CREATE INDEX enquiries_created_idx ON enquiries (created_at DESC, id DESC);

-- The console's count of readers in each zone now (passes not yet ended).
CREATE INDEX zone_passes_zone_idx ON zone_passes (zone_id, ends_at);
