-- Where a reader whose access ended (or who has none yet) writes to ask for it: the
-- institution's librarian or management contact, offered as "Ask my librarian".
ALTER TABLE institutions ADD COLUMN contact_email text;
