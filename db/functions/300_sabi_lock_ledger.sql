-- The locks a posting takes and the rows it then reads, in one call (ADR 013): the ledger engine
-- (src/server/ledger/post-journals.ts) decides every rule in TypeScript from what this returns.
-- The locks come in the order every money action takes them, so none waits for another the other
-- way round: the senders' usage rows of the day (made at zero when missing, so that there is a
-- row to lock), the payees with a balance cap (their user rows, so that two payments to one
-- payee are counted one after the other), then the accounts, each kind in ascending order.
-- Only then are the rows the rules need read: each account's balance, each owner's tier limits
-- and whether the account is closed, the usage of the day, what each capped payee holds, and the
-- latest market price of every asset involved.
--
-- p_request: {"senders": [{"userId", "day"}], "accounts": [id], "entries": [{"debited": [id],
-- "credited": [id]}], "assets": [code]}
CREATE OR REPLACE FUNCTION "sabi_lock_ledger"(p_request jsonb) RETURNS jsonb LANGUAGE plpgsql
-- Planned once and kept to index lookups however large the tables grow: a plan made while the
-- tables were small is kept for the connection's life (docs/performance.md).
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
SET enable_hashjoin = off
SET enable_mergejoin = off
-- A plan priced with the scans it must not use looks expensive enough to compile, which costs
-- half a second a call and saves nothing on a handful of rows.
SET jit = off
AS $$
DECLARE
  v_accounts bigint[] := ARRAY(SELECT jsonb_array_elements_text(p_request->'accounts')::bigint);
  v_payees uuid[];
  v_result jsonb;
BEGIN
  -- Made or, when it is there already, locked, in one statement: a conflicting row is locked
  -- for update even though the WHERE of DO UPDATE lets nothing change.
  INSERT INTO "kyc_daily_usage" ("user_id", "day", "sent_minor")
    SELECT DISTINCT (s->>'userId')::uuid, (s->>'day')::date, 0
      FROM jsonb_array_elements(p_request->'senders') s
      ORDER BY 1, 2
    ON CONFLICT ("user_id", "day") DO UPDATE SET "sent_minor" = "kyc_daily_usage"."sent_minor"
      WHERE false;

  -- A payee is an owner of an account an entry credits who pays nothing in that entry (an
  -- exchange only converts what its user holds).
  SELECT array_agg(DISTINCT c."user_id") INTO v_payees
    FROM jsonb_array_elements(p_request->'entries') e
      CROSS JOIN LATERAL (
        SELECT a."user_id" FROM "ledger_accounts" a
          WHERE a."id" IN (SELECT jsonb_array_elements_text(e->'credited')::bigint)
            AND a."kind" <> 'system'
        EXCEPT
        SELECT a."user_id" FROM "ledger_accounts" a
          WHERE a."id" IN (SELECT jsonb_array_elements_text(e->'debited')::bigint)
            AND a."user_id" IS NOT NULL) c;
  PERFORM 1 FROM "users" u JOIN "kyc_tier_limits" l ON l."tier" = u."kyc_tier"
    WHERE u."id" = ANY(v_payees) AND l."balance_max_minor" IS NOT NULL
    ORDER BY u."id" FOR NO KEY UPDATE OF u;
  PERFORM 1 FROM "ledger_accounts" a WHERE a."id" = ANY(v_accounts) ORDER BY a."id" FOR UPDATE;

  -- What the capped payees hold: their wallets, their crypto holdings and their savings pockets
  -- (docs/pockets.md), each found by index.
  WITH v_owned AS (
    SELECT w."user_id", a."asset", a."balance_minor" FROM "wallets" w
      JOIN "ledger_accounts" a ON a."id" = w."account_id"
      JOIN "users" u ON u."id" = w."user_id" JOIN "kyc_tier_limits" l ON l."tier" = u."kyc_tier"
      WHERE w."user_id" = ANY(v_payees) AND l."balance_max_minor" IS NOT NULL
    UNION ALL
    SELECT a."user_id", a."asset", a."balance_minor" FROM "ledger_accounts" a
      JOIN "users" u ON u."id" = a."user_id" JOIN "kyc_tier_limits" l ON l."tier" = u."kyc_tier"
      WHERE a."kind" = 'holding' AND a."user_id" = ANY(v_payees) AND l."balance_max_minor" IS NOT NULL
    UNION ALL
    SELECT a."user_id", a."asset", a."balance_minor" FROM "ledger_accounts" a
      JOIN "users" u ON u."id" = a."user_id" JOIN "kyc_tier_limits" l ON l."tier" = u."kyc_tier"
      WHERE a."kind" = 'pocket' AND a."user_id" = ANY(v_payees) AND l."balance_max_minor" IS NOT NULL)
  SELECT jsonb_build_object(
    'accounts', (SELECT coalesce(jsonb_agg(jsonb_build_object('id', a."id", 'kind', a."kind",
        'userId', a."user_id", 'asset', a."asset", 'balance', a."balance_minor"::text)), '[]')
      FROM "ledger_accounts" a WHERE a."id" = ANY(v_accounts)),
    'owners', (SELECT coalesce(jsonb_agg(jsonb_build_object('userId', u."id",
        'singleMax', l."single_max_minor"::text, 'dailyMax', l."daily_max_minor"::text,
        'balanceMax', l."balance_max_minor"::text, 'closed', u."deactivated_at" IS NOT NULL)), '[]')
      FROM "users" u JOIN "kyc_tier_limits" l ON l."tier" = u."kyc_tier"
      WHERE u."id" IN (SELECT a."user_id" FROM "ledger_accounts" a WHERE a."id" = ANY(v_accounts))),
    'usage', (SELECT coalesce(jsonb_agg(jsonb_build_object('userId', d."user_id",
        'day', d."day"::text, 'sent', d."sent_minor"::text)), '[]')
      FROM jsonb_array_elements(p_request->'senders') s
        JOIN "kyc_daily_usage" d ON d."user_id" = (s->>'userId')::uuid AND d."day" = (s->>'day')::date),
    'holdings', (SELECT coalesce(jsonb_agg(jsonb_build_object('userId', h."user_id",
        'asset', h."asset", 'balance', h.total::text)), '[]')
      FROM (SELECT o."user_id", o."asset", sum(o."balance_minor") AS total FROM v_owned o
          GROUP BY 1, 2) h),
    'prices', (SELECT coalesce(jsonb_object_agg(x.asset, p."usd_price"::text), '{}')
      FROM (SELECT jsonb_array_elements_text(p_request->'assets') AS asset
          UNION SELECT o."asset" FROM v_owned o) x
        CROSS JOIN LATERAL (SELECT m."usd_price" FROM "market_prices" m WHERE m."asset" = x.asset
          ORDER BY m."recorded_at" DESC LIMIT 1) p))
    INTO v_result;
  RETURN v_result;
END $$;
