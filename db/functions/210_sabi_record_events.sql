-- The one writer of outbox events (src/server/outbox/record-event.ts, ADR 009): the events, a
-- delivery for each outside channel that can reach each user and that they want
-- (sabi_outbox_channels), and one NOTIFY naming every event as "user:position", separated by
-- commas (src/server/notifications/live-events.ts), which PostgreSQL sends only at commit.
-- A function so that a batch of transfers writes its events in the statement that writes its
-- journals (src/server/transfers/post-user-transfers.ts). Returns the events' ids, in order.
--
-- p_events: [{"userId", "kind", "security", "data"}]
CREATE OR REPLACE FUNCTION "sabi_record_events"(p_events jsonb) RETURNS jsonb LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
SET enable_hashjoin = off
SET enable_mergejoin = off
SET jit = off
AS $$
DECLARE
  v_ids jsonb;
  v_named text;
BEGIN
  IF jsonb_array_length(p_events) = 0 THEN RETURN '[]'::jsonb; END IF;
  WITH given AS (
    SELECT g.ord::integer - 1 AS ord, (g.e->>'userId')::uuid AS user_id, g.e->>'kind' AS kind,
        (g.e->>'security')::boolean AS security, g.e->'data' AS data
      FROM jsonb_array_elements(p_events) WITH ORDINALITY AS g(e, ord)
  ), events AS (
    INSERT INTO "outbox_events" ("user_id", "kind", "data")
      SELECT user_id, kind, data FROM given ORDER BY ord
      RETURNING "id", "position", "user_id"
  ), numbered AS (
    -- The events were numbered in the order given, so their positions pair them up.
    SELECT e."id", e."position", e."user_id", row_number() OVER (ORDER BY e."position") - 1 AS ord
      FROM events e
  ), deliveries AS (
    INSERT INTO "outbox_deliveries" ("event_id", "channel")
      SELECT n."id", c FROM numbered n JOIN given g ON g.ord = n.ord,
        sabi_outbox_channels(n."user_id", g.security) AS c
  )
  SELECT jsonb_agg(n."id"::text ORDER BY n.ord),
      string_agg(n."user_id"::text || ':' || n."position", ',' ORDER BY n.ord)
    INTO v_ids, v_named FROM numbered n;
  PERFORM pg_notify('sabi_events', v_named);
  RETURN v_ids;
END $$;
