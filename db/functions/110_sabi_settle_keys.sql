-- What becomes of claimed Idempotency-Keys at the end of the transaction that moved the money
-- (src/server/ledger/run-idempotent.ts, docs/ledger.md "Idempotency"): each answered key keeps
-- its status and answer; the keys of submissions that were refused are let go, so that a retry
-- runs afresh. A function so that a batch of transfers settles its keys in the statement that
-- writes its journals (src/server/transfers/post-user-transfers.ts).
--
-- p_answered: [{"userId", "key", "statusCode", "body"}]; p_refused: [{"userId", "key"}]
CREATE OR REPLACE FUNCTION "sabi_settle_keys"(p_answered jsonb, p_refused jsonb) RETURNS void
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
SET enable_hashjoin = off
SET enable_mergejoin = off
SET jit = off
AS $$
BEGIN
  UPDATE "idempotency_keys" k SET "status_code" = a."statusCode", "response" = a."body"
    FROM jsonb_to_recordset(p_answered) AS a("userId" uuid, "key" text, "statusCode" integer, "body" jsonb)
    WHERE k."user_id" = a."userId" AND k."key" = a."key";
  DELETE FROM "idempotency_keys" k
    USING jsonb_to_recordset(p_refused) AS r("userId" uuid, "key" text)
    WHERE k."user_id" = r."userId" AND k."key" = r."key";
END $$;
