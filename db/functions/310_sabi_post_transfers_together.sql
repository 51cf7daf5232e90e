-- A batch of user-to-user transfers posted together, set-based, when every one of them goes
-- through (ADR 008 "Posted together, else one by one"): a handful of statements for the whole
-- batch instead of a dozen per transfer, each in a savepoint of its own. sabi_post_user_transfer stays the one
-- definition of what a transfer answers; this path only runs when it can give the same answers.
--
-- It first plans the batch from the rows the batch has locked (accounts, usage rows of the day)
-- and returns NULL, having written nothing, unless every transfer would complete when run one
-- after another in order: a fresh Idempotency-Key used once in the batch, the sender's own
-- wallet, a recipient who is active, has a wallet in the currency and no balance cap (a capped
-- payee's holdings are valued per transfer by the loop), the single limit, the day's limit
-- counted in order, and no debit that takes an account below zero at its place in the order (a
-- running sum per account, so a transfer and its reverse in one batch are seen as the loop sees
-- them). Then it writes the journals, their postings, one balance change per account, one usage
-- change per sender and day, the keys with their answers, and the recipients' "money received"
-- events with one NOTIFY. Each journal is stamped with the batch's clock reading plus its place
-- in microseconds, so the journals keep the order they were posted in. Should a key turn out to
-- be taken after all (another process committed it meanwhile) or a balance move fewer rows than
-- planned, it raises SB002 and the caller rolls this path back and runs the loop.
CREATE OR REPLACE FUNCTION "sabi_post_transfers_together"(p_batch jsonb, p_prices jsonb) RETURNS jsonb LANGUAGE plpgsql
-- A batch is at most 32 transfers, and a plan made when the tables were small is kept for the
-- connection's life: so one plan for every call, and only index lookups, never a scan of a
-- table that grows with every transfer (idempotency_keys, ledger_accounts, kyc_daily_usage).
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
SET enable_hashjoin = off
SET enable_mergejoin = off
AS $$
DECLARE
  v_count integer := jsonb_array_length(p_batch->'items');
  v_plan jsonb;
  v_eligible boolean;
  v_keys integer;
  v_accounts integer;
  v_expected_accounts integer;
  v_outcomes jsonb;
  v_now timestamptz := clock_timestamp();
  v_recipients text;
BEGIN
  WITH items AS (
    SELECT i.ord::integer AS ord, i.v, (i.v->>'userId')::uuid AS user_id, i.v->>'key' AS key,
        (i.v->>'fromWalletId')::uuid AS from_wallet, (i.v->>'recipientUserId')::uuid AS to_user,
        (i.v->>'amountMinor')::bigint AS amount, (i.v->>'day')::date AS day
      FROM jsonb_array_elements(p_batch->'items') WITH ORDINALITY AS i(v, ord)
  ), priced AS (
    -- Each lookup a lateral subquery with LIMIT 1, so that it is an index probe per transfer.
    SELECT it.*, f."account_id" AS from_account, f."asset", f."single_max_minor",
        f."daily_max_minor", f.from_name, t."wallet_id" AS to_wallet, t."account_id" AS to_account,
        t."balance_max_minor",
        -- No wallet, no asset: declined below, without asking for a price there is none of.
        CASE WHEN f."asset" IS NOT NULL
          THEN sabi_naira_value(f."asset", it.amount, p_prices, p_batch->'exponents')::bigint
        END AS counted,
        coalesce((SELECT d."sent_minor" FROM "kyc_daily_usage" d
          WHERE d."user_id" = it.user_id AND d."day" = it.day LIMIT 1), 0) AS used,
        (SELECT true FROM "idempotency_keys" k
          WHERE k."user_id" = it.user_id AND k."key" = it.key LIMIT 1) IS NOT NULL AS seen,
        count(*) OVER (PARTITION BY it.user_id, it.key) AS same_key
      FROM items it
        LEFT JOIN LATERAL (
          SELECT w."account_id", w."currency_id", a."asset", l."single_max_minor", l."daily_max_minor",
              coalesce(nullif(btrim(concat_ws(' ', nullif(u."first_name", ''), nullif(u."last_name", ''))), ''),
                u."username", 'Someone') AS from_name
            FROM "wallets" w JOIN "ledger_accounts" a ON a."id" = w."account_id"
              JOIN "users" u ON u."id" = w."user_id" JOIN "kyc_tier_limits" l ON l."tier" = u."kyc_tier"
            WHERE w."id" = it.from_wallet AND w."user_id" = it.user_id
            LIMIT 1) f ON true
        LEFT JOIN LATERAL (
          SELECT r."id" AS wallet_id, r."account_id", rl."balance_max_minor"
            FROM "users" ru JOIN "kyc_tier_limits" rl ON rl."tier" = ru."kyc_tier"
              JOIN "wallets" r ON r."user_id" = ru."id" AND r."currency_id" = f."currency_id"
            WHERE ru."id" = it.to_user AND ru."deactivated_at" IS NULL
            LIMIT 1) t ON true
  ), plan AS (
    SELECT p.*, p.used + sum(p.counted) OVER (PARTITION BY p.user_id, p.day ORDER BY p.ord) AS day_total
      FROM priced p
  ), moves AS (
    SELECT m.ord, m.debit, ac."kind",
        ac."balance_minor" + sum(m.delta) OVER (PARTITION BY m.account ORDER BY m.ord) AS after
      FROM (SELECT ord, from_account AS account, -amount AS delta, true AS debit FROM plan
            UNION ALL SELECT ord, to_account, amount, false FROM plan) m
        JOIN "ledger_accounts" ac ON ac."id" = m.account
  )
  SELECT
      coalesce(bool_and(coalesce(NOT (p.v ? 'refusal') AND p.key IS NOT NULL AND p.day IS NOT NULL
        AND p.from_account IS NOT NULL AND p.to_account IS NOT NULL AND p.balance_max_minor IS NULL
        AND p.counted > 0 AND p.counted <= p.single_max_minor AND p.day_total <= p.daily_max_minor
        AND NOT p.seen AND p.same_key = 1, false)), false)
      AND coalesce((SELECT bool_and(coalesce(NOT m.debit OR m."kind" = 'system' OR m.after >= 0, false))
        FROM moves m), false),
      jsonb_agg(jsonb_build_object('ord', p.ord, 'user_id', p.user_id, 'key', p.key,
        'hash', p.v->>'requestHash', 'from_wallet', p.from_wallet, 'from_account', p.from_account,
        'asset', p.asset, 'to_user', p.to_user, 'to_wallet', p.to_wallet, 'to_account', p.to_account,
        'amount', p.amount, 'counted', p.counted, 'day', p.day, 'reference', p.v->>'reference',
        'description', p.v->'description', 'amount_text', p.v->>'amountText',
        'fee_text', p.v->>'feeText', 'symbol', p.v->>'symbol', 'from_name', p.from_name) ORDER BY p.ord)
    INTO v_eligible, v_plan
    FROM plan p;
  IF NOT v_eligible THEN RETURN NULL; END IF;

  WITH plan AS (
    SELECT p.*, gen_random_uuid() AS journal_id,
        upper(substr(md5(gen_random_uuid()::text), 1, 16)) AS code,
        v_now + (p.ord - 1) * interval '1 microsecond' AS at
      FROM jsonb_to_recordset(v_plan) AS p(ord integer, user_id uuid, key text, hash text,
        from_wallet uuid, from_account bigint, asset text, to_user uuid, to_wallet uuid,
        to_account bigint, amount bigint, counted bigint, day date, reference text,
        description jsonb, amount_text text, fee_text text, symbol text, from_name text)
  ), journals_in AS (
    INSERT INTO "journals" ("id", "reference", "type", "status", "asset", "amount_minor", "fee_minor",
        "from_user_id", "to_user_id", "from_wallet_id", "to_wallet_id", "description",
        "limit_value_minor", "verification_code", "created_at", "updated_at")
      SELECT journal_id, reference, 'send', 'completed', asset, amount, 0, user_id, to_user,
          from_wallet, to_wallet, description #>> '{}', counted, code, at, at
        FROM plan ORDER BY ord
  ), postings_in AS (
    INSERT INTO "postings" ("journal_id", "account_id", "asset", "amount_minor")
      SELECT p.journal_id, m.account, p.asset, m.delta
        FROM plan p, LATERAL (VALUES (p.from_account, -p.amount, 1), (p.to_account, p.amount, 2)) AS m(account, delta, n)
        ORDER BY p.ord, m.n
  ), balances AS (
    UPDATE "ledger_accounts" a SET "balance_minor" = a."balance_minor" + d.delta
      FROM (SELECT m.account, sum(m.delta) AS delta FROM plan p,
          LATERAL (VALUES (p.from_account, -p.amount), (p.to_account, p.amount)) AS m(account, delta)
          GROUP BY m.account) d
      WHERE a."id" = d.account AND (d.delta >= 0 OR a."kind" = 'system' OR a."balance_minor" + d.delta >= 0)
      RETURNING a."id"
  ), usage AS (
    UPDATE "kyc_daily_usage" u SET "sent_minor" = u."sent_minor" + s.total
      FROM (SELECT user_id, day, sum(counted) AS total FROM plan GROUP BY 1, 2) s
      WHERE u."user_id" = s.user_id AND u."day" = s.day
  ), responses AS (
    SELECT p.ord, p.user_id, p.key, p.hash, jsonb_build_object(
        'id', p.journal_id, 'fromUserId', p.user_id, 'toUserId', p.to_user,
        'fromWalletId', p.from_wallet, 'toWalletId', p.to_wallet,
        'amount', p.amount_text, 'fee', p.fee_text,
        'exchangeRate', NULL, 'convertedAmount', NULL, 'type', 'send', 'status', 'completed',
        'description', p.description, 'reference', p.reference,
        'verificationCode', p.code, 'externalReference', NULL,
        'createdAt', to_char(p.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'updatedAt', to_char(p.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'fromWallet', jsonb_build_object('currency',
          jsonb_build_object('symbol', p.symbol, 'code', p.asset)),
        'convertedCurrency', NULL) AS response
      FROM plan p
  ), events_in AS (
    -- The recipients' "money received" events and their deliveries, as migration 0020's
    -- sabi_record_money_received writes them from the answers.
    INSERT INTO "outbox_events" ("user_id", "kind", "data")
      SELECT to_user, 'money_received', jsonb_build_object(
          'kind', 'money_received',
          'amount', amount_text,
          'currency', asset,
          'symbol', symbol,
          'fromName', from_name,
          'transactionId', journal_id::text)
        FROM plan ORDER BY ord
      RETURNING "id", "position", "user_id"
  ), deliveries_in AS (
    INSERT INTO "outbox_deliveries" ("event_id", "channel")
      SELECT e."id", c FROM events_in e, sabi_outbox_channels(e."user_id", false) AS c
  ), keys_in AS (
    INSERT INTO "idempotency_keys" ("user_id", "key", "request_hash", "status_code", "response")
      SELECT user_id, key, hash, 201, response FROM responses ORDER BY ord
      ON CONFLICT DO NOTHING RETURNING 1
  )
  SELECT (SELECT count(*) FROM keys_in), (SELECT count(*) FROM balances),
      (SELECT count(DISTINCT x) FROM plan, LATERAL (VALUES (from_account), (to_account)) AS v(x)),
      jsonb_agg(jsonb_build_object('outcome', 'completed', 'response', response) ORDER BY ord),
      (SELECT string_agg(e."user_id"::text || ':' || e."position", ',') FROM events_in e)
    INTO v_keys, v_accounts, v_expected_accounts, v_outcomes, v_recipients
    FROM responses;
  IF v_keys <> v_count OR v_accounts <> v_expected_accounts THEN
    RAISE EXCEPTION 'the batch cannot be posted together' USING ERRCODE = 'SB002';
  END IF;
  -- One NOTIFY for the batch, as sabi_record_money_received sends it. Should this path be
  -- rolled back to its savepoint after all, the notification goes with it.
  PERFORM pg_notify('sabi_events', v_recipients);
  RETURN v_outcomes;
END $$;
