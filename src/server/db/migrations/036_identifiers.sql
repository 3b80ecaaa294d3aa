-- Identifiers that knowledge bases (KBART) and COUNTER match titles and items by. Stored
-- normalised by src/shared/identifiers.ts (ISSN as 0378-5955, ISBN as 13 digits, DOI in lower
-- case); the checks here keep a hand-written UPDATE from storing another form.
ALTER TABLE titles
  ADD COLUMN print_issn text CHECK (print_issn ~ '^[0-9]{4}-[0-9]{3}[0-9X]$'),
  ADD COLUMN online_issn text CHECK (online_issn ~ '^[0-9]{4}-[0-9]{3}[0-9X]$'),
  ADD COLUMN isbn text CHECK (isbn ~ '^97[89][0-9]{10}$');
CREATE INDEX titles_print_issn_idx ON titles (print_issn) WHERE print_issn IS NOT NULL;
CREATE INDEX titles_online_issn_idx ON titles (online_issn) WHERE online_issn IS NOT NULL;

-- An issue's DOI, and its volume and number where the publisher numbers issues (KBART's first
-- and last volume and issue online).
ALTER TABLE issues
  ADD COLUMN doi text CHECK (doi = lower(doi) AND doi ~ '^10\.[0-9]{4,9}(\.[0-9]+)*/' AND length(doi) <= 200),
  ADD COLUMN volume integer CHECK (volume BETWEEN 1 AND 100000),
  ADD COLUMN number integer CHECK (number BETWEEN 1 AND 100000);
-- A DOI names one item: two issues never share one, also when two imports race.
CREATE UNIQUE INDEX issues_doi_idx ON issues (doi) WHERE doi IS NOT NULL;
