-- A third page rendition, wider than the large one, for a phone held sideways, a tablet or laptop
-- at DPR 2 and zoom. Issues ingested before it have none: the reader's xlarge URL serves their
-- large image (repositories/reader.ts).
ALTER TABLE pages ADD COLUMN xlarge_width integer;
ALTER TABLE pages ADD COLUMN image_xlarge text;
