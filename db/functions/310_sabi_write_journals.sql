-- The one writer of ledger rows (ADR 013): the journals the engine (src/server/ledger/
-- post-journals.ts) has decided, their postings, one balance change per account and one usage
-- change per sender and day, set-based, in one call. Every rule was applied before, on the rows
-- sabi_lock_ledger locked; the debit's condition here only guards the ledger against a bug, and a
-- balance that did not move raises, which rolls the caller's transaction back. Usage rows that
-- sabi_lock_ledger made at zero and nothing counted are taken away again.
--
-- p_plan: {"journals": [...], "postings": [{"journalId", "accountId", "asset", "amount", "ord"}],
-- "balances": [{"id", "delta"}], "usage": [{"userId", "day", "delta"}]}
CREATE OR REPLACE FUNCTION "sabi_write_journals"(p_plan jsonb) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
SET enable_hashjoin = off
SET enable_mergejoin = off
-- As sabi_lock_ledger: never worth compiling (db/functions/300_sabi_lock_ledger.sql).
SET jit = off
AS $$
DECLARE
  v_moved integer;
BEGIN
  INSERT INTO "journals" ("id", "reference", "type", "status", "asset", "amount_minor", "fee_minor",
      "from_user_id", "to_user_id", "from_wallet_id", "to_wallet_id", "exchange_rate",
      "converted_asset", "converted_amount_minor", "description", "external_reference",
      "reverses_journal_id", "limit_value_minor", "verification_code", "created_at", "updated_at")
    SELECT j."id", j."reference", j."type", j."status", j."asset", j."amountMinor", j."feeMinor",
        j."fromUserId", j."toUserId", j."fromWalletId", j."toWalletId", j."exchangeRate",
        j."convertedAsset", j."convertedAmountMinor", j."description", j."externalReference",
        j."reversesJournalId", j."limitValueMinor", j."verificationCode", j."createdAt", j."createdAt"
      FROM jsonb_to_recordset(p_plan->'journals') AS j("id" uuid, "reference" text, "type" text,
        "status" text, "asset" text, "amountMinor" bigint, "feeMinor" bigint, "fromUserId" uuid,
        "toUserId" uuid, "fromWalletId" uuid, "toWalletId" uuid, "exchangeRate" numeric,
        "convertedAsset" text, "convertedAmountMinor" bigint, "description" text,
        "externalReference" text, "reversesJournalId" uuid, "limitValueMinor" bigint,
        "verificationCode" text, "createdAt" timestamptz, "ord" integer)
      ORDER BY j."ord";
  INSERT INTO "postings" ("journal_id", "account_id", "asset", "amount_minor")
    SELECT p."journalId", p."accountId", p."asset", p."amount"
      FROM jsonb_to_recordset(p_plan->'postings')
        AS p("journalId" uuid, "accountId" bigint, "asset" text, "amount" bigint, "ord" integer)
      ORDER BY p."ord";
  WITH moved AS (
    UPDATE "ledger_accounts" a SET "balance_minor" = a."balance_minor" + d."delta"
      FROM jsonb_to_recordset(p_plan->'balances') AS d("id" bigint, "delta" bigint)
      WHERE a."id" = d."id" AND (d."delta" >= 0 OR a."kind" = 'system' OR a."balance_minor" + d."delta" >= 0)
      RETURNING 1)
  SELECT count(*) INTO v_moved FROM moved;
  IF v_moved <> jsonb_array_length(p_plan->'balances') THEN
    RAISE EXCEPTION 'ledger invariant violated: % of % balances moved', v_moved,
      jsonb_array_length(p_plan->'balances');
  END IF;
  UPDATE "kyc_daily_usage" u SET "sent_minor" = u."sent_minor" + s."delta"
    FROM jsonb_to_recordset(p_plan->'usage') AS s("userId" uuid, "day" date, "delta" bigint)
    WHERE u."user_id" = s."userId" AND u."day" = s."day" AND s."delta" <> 0;
  DELETE FROM "kyc_daily_usage" u
    USING jsonb_to_recordset(p_plan->'usage') AS s("userId" uuid, "day" date, "delta" bigint)
    WHERE u."user_id" = s."userId" AND u."day" = s."day" AND u."sent_minor" = 0;
END $$;
