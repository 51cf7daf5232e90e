-- One transfer of a batch (docs/transfers.md "Sabi transfers", ADR 008), in the order the steps
-- run in every money action (ADR 004): claim the Idempotency-Key (or answer as its first
-- submission did), check the wallet is the sender's, find the recipient and their wallet (opening
-- one), the KYC limits (docs/limits.md), then the journal, its postings and the balances in
-- ascending account id, the debit a conditional UPDATE, and last the stored response. A refusal
-- raises SB001.
CREATE OR REPLACE FUNCTION "sabi_post_user_transfer"(p_item jsonb, p_prices jsonb, p_exponents jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_user uuid := (p_item->>'userId')::uuid;
  v_key text := p_item->>'key';
  v_hash text := p_item->>'requestHash';
  v_amount bigint := (p_item->>'amountMinor')::bigint;
  v_stored record;
  v_from record;
  v_recipient uuid;
  v_to_wallet uuid;
  v_to_account bigint;
  v_balance_max bigint;
  v_counted bigint;
  v_used bigint;
  v_held numeric;
  v_now timestamptz;
  v_journal record;
  v_moved integer;
  v_balance bigint;
  v_response jsonb;
BEGIN
  -- Without a key the transfer is part of its caller's own transaction (the demo seed, tests).
  IF v_key IS NOT NULL THEN
    INSERT INTO "idempotency_keys" ("user_id", "key", "request_hash", "status_code", "response")
      VALUES (v_user, v_key, v_hash, 0, '{}') ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      SELECT "request_hash", "status_code", "response" INTO v_stored FROM "idempotency_keys"
        WHERE "user_id" = v_user AND "key" = v_key;
      IF NOT FOUND THEN RAISE EXCEPTION 'idempotency key vanished after a conflict'; END IF;
      IF v_stored."request_hash" <> v_hash THEN RETURN '{"outcome":"mismatch"}'::jsonb; END IF;
      RETURN jsonb_build_object('outcome', 'replayed', 'statusCode', v_stored."status_code",
        'response', v_stored."response");
    END IF;
  END IF;
  -- A request the server refused before the database (a wallet that is not the sender's, a bad
  -- amount) is refused here, after the claim, as it was inside the claim's transaction before.
  IF p_item ? 'refusal' THEN PERFORM sabi_refuse(p_item->'refusal'); END IF;

  -- The sender's wallet with their tier's limits, and the recipient (a deactivated account
  -- receives nothing: it could never spend it) with their wallet in the currency, if any, and
  -- their tier's balance cap.
  SELECT w."id", w."account_id", w."currency_id", a."asset", l."single_max_minor",
      l."daily_max_minor" INTO v_from
    FROM "wallets" w JOIN "ledger_accounts" a ON a."id" = w."account_id"
      JOIN "users" u ON u."id" = w."user_id" JOIN "kyc_tier_limits" l ON l."tier" = u."kyc_tier"
    WHERE w."id" = (p_item->>'fromWalletId')::uuid AND w."user_id" = v_user;
  IF NOT FOUND THEN PERFORM sabi_refuse('{"kind":"wallet_not_found"}'); END IF;

  SELECT u."id", w."id", w."account_id", l."balance_max_minor"
    INTO v_recipient, v_to_wallet, v_to_account, v_balance_max
    FROM "users" u JOIN "kyc_tier_limits" l ON l."tier" = u."kyc_tier"
      LEFT JOIN "wallets" w ON w."user_id" = u."id" AND w."currency_id" = v_from."currency_id"
    WHERE u."id" = (p_item->>'recipientUserId')::uuid AND u."deactivated_at" IS NULL;
  IF NOT FOUND THEN PERFORM sabi_refuse('{"kind":"recipient_not_found"}'); END IF;
  IF v_to_wallet IS NULL THEN
    PERFORM 1 FROM "currencies" c WHERE c."id" = v_from."currency_id" AND c."is_active";
    IF NOT FOUND THEN PERFORM sabi_refuse('{"kind":"currency_not_found"}'); END IF;
    BEGIN
      INSERT INTO "ledger_accounts" ("user_id", "asset", "kind")
        VALUES (v_recipient, v_from."asset", 'wallet') RETURNING "id" INTO v_to_account;
      INSERT INTO "wallets" ("user_id", "currency_id", "account_id", "is_primary")
        VALUES (v_recipient, v_from."currency_id", v_to_account, false) RETURNING "id" INTO v_to_wallet;
    EXCEPTION WHEN unique_violation THEN
      -- Another transfer opened it first: use the winner's wallet.
      SELECT w."id", w."account_id" INTO v_to_wallet, v_to_account FROM "wallets" w
        WHERE w."user_id" = v_recipient AND w."currency_id" = v_from."currency_id";
      IF NOT FOUND THEN RAISE; END IF;
    END;
  END IF;

  -- The KYC limits (src/server/limits/enforce-limits.ts): the sender's single and daily limits,
  -- the day's usage raised in one conditional upsert, then the payee's balance cap under a lock
  -- on their user row.
  v_counted := sabi_naira_value(v_from."asset", v_amount, p_prices, p_exponents)::bigint;
  IF v_counted > v_from."single_max_minor" THEN
    PERFORM sabi_refuse(jsonb_build_object('kind', 'single',
      'singleMaxMinor', v_from."single_max_minor"::text));
  END IF;
  INSERT INTO "kyc_daily_usage" AS u ("user_id", "day", "sent_minor")
    SELECT v_user, (p_item->>'day')::date, v_counted
    WHERE v_counted <= v_from."daily_max_minor"
    ON CONFLICT ("user_id", "day") DO UPDATE SET "sent_minor" = u."sent_minor" + excluded."sent_minor"
      WHERE u."sent_minor" + excluded."sent_minor" <= v_from."daily_max_minor";
  IF NOT FOUND THEN
    SELECT "sent_minor" INTO v_used FROM "kyc_daily_usage"
      WHERE "user_id" = v_user AND "day" = (p_item->>'day')::date;
    PERFORM sabi_refuse(jsonb_build_object('kind', 'daily',
      'dailyMaxMinor', v_from."daily_max_minor"::text,
      'usedMinor', coalesce(v_used, 0)::text));
  END IF;
  IF v_balance_max IS NOT NULL THEN
    PERFORM 1 FROM "users" WHERE "id" = v_recipient FOR NO KEY UPDATE;
    SELECT coalesce(sum(sabi_naira_value(e.asset, e.amount, p_prices, p_exponents)), 0) INTO v_held
      FROM (
        SELECT v_from."asset"::text AS asset, v_amount::numeric AS amount
        UNION ALL
        SELECT a."asset", sum(a."balance_minor") FROM "ledger_accounts" a
          WHERE a."user_id" = v_recipient AND a."kind" <> 'system' GROUP BY a."asset"
      ) e;
    IF v_held > v_balance_max THEN
      PERFORM sabi_refuse('{"kind":"balance"}');
    END IF;
  END IF;

  -- Each journal its own clock reading, as when each had a transaction of its own, so a batch's
  -- journals keep the order they were posted in.
  v_now := clock_timestamp();
  INSERT INTO "journals" ("reference", "type", "status", "asset", "amount_minor", "fee_minor",
      "from_user_id", "to_user_id", "from_wallet_id", "to_wallet_id", "description",
      "limit_value_minor", "created_at", "updated_at")
    VALUES (p_item->>'reference', 'send', 'completed', v_from."asset", v_amount, 0, v_user,
      v_recipient, v_from."id", v_to_wallet, p_item->>'description', v_counted, v_now, v_now)
    RETURNING "id", "reference", "verification_code" INTO v_journal;
  INSERT INTO "postings" ("journal_id", "account_id", "asset", "amount_minor") VALUES
    (v_journal."id", v_from."account_id", v_from."asset", -v_amount),
    (v_journal."id", v_to_account, v_from."asset", v_amount);
  -- Both balances in one statement; the debit only if it leaves no negative balance. The
  -- accounts were locked by the batch, in ascending id, before its first transfer.
  WITH moved AS (
    UPDATE "ledger_accounts" a SET "balance_minor" = a."balance_minor" + d.delta
      FROM (VALUES (v_from."account_id", -v_amount), (v_to_account, v_amount)) AS d(id, delta)
      WHERE a."id" = d.id AND (d.delta > 0 OR a."kind" = 'system' OR a."balance_minor" + d.delta >= 0)
      RETURNING a."id")
  SELECT count(*) INTO v_moved FROM moved;
  IF v_moved < 2 THEN
    SELECT "balance_minor" INTO v_balance FROM "ledger_accounts" WHERE "id" = v_from."account_id";
    IF NOT FOUND THEN RAISE EXCEPTION 'ledger account % does not exist', v_from."account_id"; END IF;
    PERFORM sabi_refuse(jsonb_build_object('kind', 'insufficient', 'accountId', v_from."account_id",
      'balanceMinor', v_balance::text, 'requiredMinor', v_amount::text));
  END IF;

  -- The answer, as src/server/transactions/to-transaction-response.ts writes it for the sender;
  -- the amounts come written by src/shared/money.ts.
  v_response := jsonb_build_object(
    'id', v_journal."id", 'fromUserId', v_user, 'toUserId', v_recipient,
    'fromWalletId', v_from."id", 'toWalletId', v_to_wallet,
    'amount', p_item->>'amountText', 'fee', p_item->>'feeText',
    'exchangeRate', NULL, 'convertedAmount', NULL, 'type', 'send', 'status', 'completed',
    'description', p_item->'description', 'reference', v_journal."reference",
    'verificationCode', v_journal."verification_code", 'externalReference', NULL,
    'createdAt', to_char(v_now AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(v_now AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'fromWallet', jsonb_build_object('currency',
      jsonb_build_object('symbol', p_item->>'symbol', 'code', v_from."asset")),
    'convertedCurrency', NULL);
  IF v_key IS NOT NULL THEN
    UPDATE "idempotency_keys" SET "status_code" = 201, "response" = v_response
      WHERE "user_id" = v_user AND "key" = v_key;
  END IF;
  RETURN jsonb_build_object('outcome', 'completed', 'response', v_response);
END $$;
