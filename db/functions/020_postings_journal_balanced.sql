-- A journal's postings must sum to zero per asset, and there must be at least two (docs/ledger.md),
-- read in one query. Checked at commit (a deferred constraint trigger), when all of the journal's
-- postings are in, for every posting any writer makes.
CREATE OR REPLACE FUNCTION "postings_check_journal_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  posting_count integer;
  unbalanced_asset text;
BEGIN
  SELECT coalesce(sum(p.n), 0)::integer, (array_agg(p."asset") FILTER (WHERE p.total <> 0))[1]
    INTO posting_count, unbalanced_asset
    FROM (SELECT "asset", count(*) AS n, sum("amount_minor") AS total FROM "postings"
      WHERE "journal_id" = NEW."journal_id" GROUP BY "asset") p;
  IF posting_count < 2 THEN
    RAISE EXCEPTION 'journal % has % posting(s); at least two are required', NEW."journal_id", posting_count
      USING ERRCODE = 'P0001';
  END IF;
  IF unbalanced_asset IS NOT NULL THEN
    RAISE EXCEPTION 'journal % does not sum to zero in %', NEW."journal_id", unbalanced_asset
      USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'postings_journal_balanced' AND tgrelid = '"postings"'::regclass) THEN
    CREATE CONSTRAINT TRIGGER "postings_journal_balanced" AFTER INSERT ON "postings"
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "postings_check_journal_balanced"();
  END IF;
END $$;
