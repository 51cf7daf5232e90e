-- The audit log is append-only (docs/operations-console.md "Audit log"): nobody edits or removes
-- an entry, through the app or with SQL; the function refuses any update, delete or truncate of
-- the table, and its two triggers call it. A database owner who disables them is still caught by
-- `npm run audit:verify`, which walks the entries' hash chain.
-- A trigger is made when it is missing; to change one, drop it in a migration and change it here.
CREATE OR REPLACE FUNCTION "audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only: % refused', TG_OP USING ERRCODE = 'P0001';
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'audit_log_no_update_or_delete' AND tgrelid = '"audit_log"'::regclass) THEN
    CREATE TRIGGER "audit_log_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_log"
      FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_change"();
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'audit_log_no_truncate' AND tgrelid = '"audit_log"'::regclass) THEN
    CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
      FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();
  END IF;
END $$;
