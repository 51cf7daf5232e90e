-- User-to-user transfers posted in one statement, a batch at a time (ADR 008): the work that
-- send-to-user.ts, run-idempotent.ts, post-journal.ts and enforce-limits.ts do in about ten
-- statements, done here in one round trip and one commit for many transfers.

-- The functions and triggers this migration made now have one current file each in db/functions/
-- (ADR 011), applied after the migrations on every start.
