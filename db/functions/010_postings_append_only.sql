-- Postings are append-only (docs/ledger.md): a correction is a new journal, never an edit. The
-- function refuses any update, delete or truncate of the table; its two triggers call it.
-- A trigger is made when it is missing; to change one, drop it in a migration and change it here.
CREATE OR REPLACE FUNCTION "postings_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'postings are append-only: % refused', TG_OP USING ERRCODE = 'P0001';
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'postings_no_update_or_delete' AND tgrelid = '"postings"'::regclass) THEN
    CREATE TRIGGER "postings_no_update_or_delete" BEFORE UPDATE OR DELETE ON "postings"
      FOR EACH ROW EXECUTE FUNCTION "postings_refuse_change"();
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'postings_no_truncate' AND tgrelid = '"postings"'::regclass) THEN
    CREATE TRIGGER "postings_no_truncate" BEFORE TRUNCATE ON "postings"
      FOR EACH STATEMENT EXECUTE FUNCTION "postings_refuse_change"();
  END IF;
END $$;
