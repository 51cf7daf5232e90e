-- A batch of user-to-user transfers (ADR 008), one call per batch: it takes the locks its
-- transfers need in the order every money action takes them (the senders' usage rows of the day,
-- the capped payees' user rows, then the accounts), tries the batch posted together, and only
-- when that declines or fails (rolled back to its savepoint) posts the transfers one by one, each
-- in a savepoint, answering each, then announces the completed ones and tidies the usage rows.
CREATE OR REPLACE FUNCTION "sabi_post_user_transfers"(p_batch jsonb) RETURNS jsonb LANGUAGE plpgsql
-- Planned once and kept to index lookups however large the tables grow (as the functions above).
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
SET enable_hashjoin = off
SET enable_mergejoin = off
AS $$
DECLARE
  v_item jsonb;
  v_outcome jsonb;
  v_outcomes jsonb := '[]'::jsonb;
  v_completed jsonb := '[]'::jsonb;
  v_detail text;
  v_state text;
  v_message text;
  v_together jsonb;
  v_prices jsonb := sabi_latest_prices(p_batch->'referencePrices');
BEGIN
  -- A sender's first transfer of the day finds their usage row already there (migration 0016):
  -- made here, before any account is locked, as every other money action makes it
  -- (enforce-limits.ts). Made later, inside the transfer, it waited for another action of the
  -- same sender that had made it and then waited for this batch's accounts: a deadlock. A row
  -- still at zero when the batch ends is taken away again: nothing was counted.
  INSERT INTO "kyc_daily_usage" ("user_id", "day", "sent_minor")
    SELECT DISTINCT (i->>'userId')::uuid, (i->>'day')::date, 0
      FROM jsonb_array_elements(p_batch->'items') i WHERE i ? 'day'
      ORDER BY 1, 2
    -- Made or, when it is there already, locked, in one statement: a conflicting row is locked
    -- for update even though the WHERE of DO UPDATE lets nothing change, in the same order.
    ON CONFLICT ("user_id", "day") DO UPDATE SET "sent_minor" = "kyc_daily_usage"."sent_minor"
      WHERE false;
  PERFORM 1 FROM "users" u JOIN "kyc_tier_limits" l ON l."tier" = u."kyc_tier"
    WHERE u."id" IN (SELECT (i->>'recipientUserId')::uuid FROM jsonb_array_elements(p_batch->'items') i)
      AND l."balance_max_minor" IS NOT NULL
    ORDER BY u."id" FOR NO KEY UPDATE OF u;
  PERFORM 1 FROM "ledger_accounts" a WHERE a."id" IN (
      SELECT w."account_id" FROM jsonb_array_elements(p_batch->'items') i
        JOIN "wallets" w ON w."id" = (i->>'fromWalletId')::uuid AND w."user_id" = (i->>'userId')::uuid
      UNION
      SELECT r."account_id" FROM jsonb_array_elements(p_batch->'items') i
        JOIN "wallets" f ON f."id" = (i->>'fromWalletId')::uuid
        JOIN "wallets" r ON r."user_id" = (i->>'recipientUserId')::uuid
          AND r."currency_id" = f."currency_id")
    ORDER BY a."id" FOR UPDATE;
  -- Its own savepoint: whatever stops the batch posted together (SB002, a key another process
  -- took meanwhile, a verification code drawn twice) takes back all it wrote, and the loop
  -- answers each transfer as always.
  BEGIN
    v_together := sabi_post_transfers_together(p_batch, v_prices);
  EXCEPTION WHEN OTHERS THEN
    v_together := NULL;
  END;
  -- Posted together, the batch has announced itself, and every sender's usage row has counted
  -- more than zero: nothing is left to do.
  IF v_together IS NOT NULL THEN
    RETURN v_together;
  END IF;
  FOR v_item IN SELECT value FROM jsonb_array_elements(p_batch->'items') LOOP
    BEGIN
      v_outcome := sabi_post_user_transfer(v_item, v_prices, p_batch->'exponents');
    EXCEPTION
      WHEN SQLSTATE 'SB001' THEN
        GET STACKED DIAGNOSTICS v_detail = PG_EXCEPTION_DETAIL;
        v_outcome := jsonb_build_object('outcome', 'refused', 'refusal', v_detail::jsonb);
      WHEN OTHERS THEN
        GET STACKED DIAGNOSTICS v_state = RETURNED_SQLSTATE, v_message = MESSAGE_TEXT;
        v_outcome := jsonb_build_object('outcome', 'failed', 'sqlstate', v_state, 'message', v_message);
    END;
    v_outcomes := v_outcomes || jsonb_build_array(v_outcome);
    IF v_outcome->>'outcome' = 'completed' THEN
      v_completed := v_completed || jsonb_build_array(v_outcome->'response');
    END IF;
  END LOOP;
  DELETE FROM "kyc_daily_usage" d WHERE d."sent_minor" = 0 AND (d."user_id", d."day") IN (
      SELECT (i->>'userId')::uuid, (i->>'day')::date FROM jsonb_array_elements(p_batch->'items') i
      WHERE i ? 'day');
  IF jsonb_array_length(v_completed) > 0 THEN
    PERFORM sabi_record_money_received(v_completed);
  END IF;
  RETURN v_outcomes;
END $$;
