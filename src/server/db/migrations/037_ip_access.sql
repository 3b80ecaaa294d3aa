-- IP authentication: an institution's campus ranges open its subscription to whoever reads from
-- them (members, and visitors with no institution of their own), as publishers' platforms do. A
-- librarian proposes a range; it counts once approved. Approved ranges of all institutions never
-- overlap (an address belongs to one institution, and its usage to that one), which the exclusion
-- constraint holds even for two approvals at the same moment; a proposal blocks nobody.
CREATE TABLE institution_ip_ranges (
  id             serial PRIMARY KEY,
  institution_id integer NOT NULL REFERENCES institutions(id) ON DELETE CASCADE,
  net            cidr NOT NULL,
  proposed_by    integer REFERENCES users(id) ON DELETE SET NULL,
  proposed_at    timestamptz NOT NULL DEFAULT now(),
  approved_by    integer REFERENCES users(id) ON DELETE SET NULL,
  approved_at    timestamptz,
  UNIQUE (institution_id, net),
  CONSTRAINT institution_ip_ranges_no_overlap EXCLUDE USING gist (net inet_ops WITH &&) WHERE (approved_at IS NOT NULL)
);
