-- The "money received" events of a batch's completed transfers, their deliveries and one NOTIFY,
-- as src/server/outbox/record-event.ts writes one, after the batch's last transfer (ADR 009): from
-- the answers sabi_post_user_transfer gave the senders, in the order the transfers were posted,
-- with the amount as the money module wrote it, the currency and its symbol, and the sender's name
-- as src/server/transactions/party-names.ts writes it (full name, else username).
-- tests/api/notifications.test.ts holds the two writers to the same event. PL/pgSQL, not SQL: a
-- LANGUAGE sql function whose body writes is planned afresh at every call (docs/performance.md).
CREATE OR REPLACE FUNCTION "sabi_record_money_received"(p_responses jsonb) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
SET enable_hashjoin = off
SET enable_mergejoin = off
AS $$
DECLARE
  v_recipients text;
BEGIN
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
  SELECT string_agg(e."user_id"::text || ':' || e."position", ',') INTO v_recipients FROM events e;
  -- One NOTIFY for the batch, naming every recipient ("user:position,user:position"), rather
  -- than one each: the listeners' payload format (src/server/notifications/live-events.ts).
  PERFORM pg_notify('sabi_events', v_recipients);
END $$;
