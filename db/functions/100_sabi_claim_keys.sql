-- The claim of Idempotency-Keys, first thing in the transaction of a money action
-- (src/server/ledger/run-idempotent.ts, docs/ledger.md "Idempotency"): each free key becomes this
-- transaction's, with its request's fingerprint and no answer yet; a key another transaction
-- holds makes this one wait for it to end. Returns the claimed keys as "user key". A function so
-- that a batch of transfers claims its keys and takes its locks in one statement
-- (src/server/transfers/post-user-transfers.ts).
--
-- p_claims: [{"userId", "key", "requestHash"}]
CREATE OR REPLACE FUNCTION "sabi_claim_keys"(p_claims jsonb) RETURNS jsonb LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
SET jit = off
AS $$
DECLARE
  v_claimed jsonb;
BEGIN
  WITH claimed AS (
    INSERT INTO "idempotency_keys" ("user_id", "key", "request_hash", "status_code", "response")
      SELECT c."userId", c."key", c."requestHash", 0, '{}'::jsonb
        FROM jsonb_to_recordset(p_claims) AS c("userId" uuid, "key" text, "requestHash" text)
      ON CONFLICT DO NOTHING
      RETURNING "user_id"::text || ' ' || "key" AS name)
  SELECT coalesce(jsonb_agg(name), '[]'::jsonb) INTO v_claimed FROM claimed;
  RETURN v_claimed;
END $$;
