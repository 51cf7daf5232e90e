-- A Sabi transfer tells its recipient that money came (docs/notifications.md "Where events are
-- recorded", ADR 009): the batch function of migration 0014 now writes the "money received"
-- events of its completed transfers in the batch's transaction, so an event exists exactly when
-- its transfer committed, and a refused transfer of the batch announces nothing.

-- The outside channels an event is delivered to (docs/notifications.md "Delivery"): push to a
-- user with a browser subscribed, e-mail to an address, SMS to a verified number, each as the
-- user's toggle says unless the event is a security alert, which goes by every channel the user
-- has. A user who never saved a setting has the defaults of src/server/settings/user-settings.ts
-- (push and e-mail on, SMS off), which are also the columns' defaults. The dispatcher asks the
-- toggles again before it sends, so a toggle turned off in between still holds.
CREATE FUNCTION "sabi_outbox_channels"(p_user uuid, p_security boolean) RETURNS SETOF varchar
LANGUAGE sql STABLE AS $$
  SELECT c.channel::varchar FROM "users" u
    LEFT JOIN "user_settings" s ON s."user_id" = u."id"
    CROSS JOIN LATERAL (VALUES
      ('push', (p_security OR coalesce(s."push_notifications", true))
        AND EXISTS (SELECT 1 FROM "push_subscriptions" p WHERE p."user_id" = u."id")),
      ('email', (p_security OR coalesce(s."email_notifications", true)) AND u."email" IS NOT NULL),
      ('sms', (p_security OR coalesce(s."sms_notifications", false)) AND u."phone_verified"
        AND u."phone_number" IS NOT NULL)) AS c(channel, wanted)
  WHERE u."id" = p_user AND c.wanted
$$;--> statement-breakpoint
-- The events of a batch's completed transfers, their deliveries and a NOTIFY, as
-- src/server/outbox/record-event.ts writes one, in one statement after the batch's last transfer:
-- from the answers sabi_post_user_transfer gave the senders, in the order the transfers were
-- posted, with the amount as the money module wrote it, the currency and its symbol, and the
-- sender's name as src/server/transactions/party-names.ts writes it (full name, else username).
-- tests/api/notifications.test.ts holds the two writers to the same event.
CREATE FUNCTION "sabi_record_money_received"(p_responses jsonb) RETURNS void LANGUAGE sql AS $$
  WITH answers AS (
    SELECT a.ord, a.value AS response,
        coalesce(nullif(btrim(concat_ws(' ', nullif(u."first_name", ''), nullif(u."last_name", ''))), ''),
          u."username", 'Someone') AS from_name
      FROM jsonb_array_elements(p_responses) WITH ORDINALITY AS a(value, ord)
        LEFT JOIN "users" u ON u."id" = (a.value->>'fromUserId')::uuid
  ), events AS (
    INSERT INTO "outbox_events" ("user_id", "kind", "data")
      SELECT (response->>'toUserId')::uuid, 'money_received', jsonb_build_object(
          'kind', 'money_received',
          'amount', response->>'amount',
          'currency', response#>>'{fromWallet,currency,code}',
          'symbol', response#>>'{fromWallet,currency,symbol}',
          'fromName', from_name,
          'transactionId', response->>'id')
        FROM answers ORDER BY ord
      RETURNING "id", "position", "user_id"
  ), deliveries AS (
    INSERT INTO "outbox_deliveries" ("event_id", "channel")
      SELECT e."id", c FROM events e, sabi_outbox_channels(e."user_id", false) AS c
  )
  -- One NOTIFY for the batch, naming every recipient ("user:position,user:position"), rather
  -- than one each: the listeners' payload format (src/server/notifications/live-events.ts).
  SELECT pg_notify('sabi_events', string_agg(e."user_id"::text || ':' || e."position", ','))
    FROM events e
$$;--> statement-breakpoint
-- A journal's postings must sum to zero per asset, and there must be at least two (migration
-- 0001), now read in one query instead of two: the check runs at commit for every posting.
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
END $$;--> statement-breakpoint
-- One transfer of a batch (docs/transfers.md "Sabi transfers"), in the order the statements ran
-- before (ADR 004): claim the Idempotency-Key (or answer as its first submission did), check the
-- wallet is the sender's, find the recipient and their wallet (opening one), the KYC limits
-- (docs/limits.md), then the journal, its postings and the balances in ascending account id,
-- the debit a conditional UPDATE, and last the stored response. A refusal raises SB001.
-- Migration 0016: the two balances move in one statement instead of one each.
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
END $$;--> statement-breakpoint
-- Migration 0014's batch, unchanged but for the senders' usage rows of the day, made before any
-- lock is taken, and the announcement of its completed transfers, written
-- after the last one in the batch's own transaction: a refused or failed transfer was rolled back
-- to its savepoint and is not among them, and nothing is announced unless the batch commits.
CREATE OR REPLACE FUNCTION "sabi_post_user_transfers"(p_batch jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_item jsonb;
  v_outcome jsonb;
  v_outcomes jsonb := '[]'::jsonb;
  v_completed jsonb := '[]'::jsonb;
  v_detail text;
  v_state text;
  v_message text;
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
    ON CONFLICT DO NOTHING;
  PERFORM 1 FROM "kyc_daily_usage" d WHERE (d."user_id", d."day") IN (
      SELECT (i->>'userId')::uuid, (i->>'day')::date FROM jsonb_array_elements(p_batch->'items') i
      WHERE i ? 'day')
    ORDER BY d."user_id", d."day" FOR UPDATE;
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
