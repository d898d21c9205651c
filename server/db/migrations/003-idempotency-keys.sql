-- A form post may carry an idempotency key (the browser's Idempotency-Key header, one per
-- submission, the same on a retry): each key is stored once, so a post whose answer was lost and
-- that is sent again is answered with the first one's id instead of being stored twice.

ALTER TABLE contact_messages ADD COLUMN idempotency_key text;
CREATE UNIQUE INDEX contact_messages_idempotency_key ON contact_messages (idempotency_key);

ALTER TABLE puzzle_submissions ADD COLUMN idempotency_key text;
CREATE UNIQUE INDEX puzzle_submissions_idempotency_key ON puzzle_submissions (idempotency_key);
