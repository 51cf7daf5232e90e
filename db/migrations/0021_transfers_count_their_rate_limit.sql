-- A batch of user-to-user transfers counts its own requests against the money rate limit
-- (docs/operations.md "Rate limits", ADR 008 "One stage"): the same counters, keys, windows and
-- upsert as src/server/rate-limits/consume-rate-limit.ts, now in the batch's statement and
-- transaction instead of a statement and a commit of their own before it. A transfer over the
-- limit is refused with nothing else looked at, its Idempotency-Key not claimed, exactly as a
-- request the limit refused before it reached the handler; the others go on as before.
--
-- Migration 0019's batch becomes the inner function, unchanged; the function of that name counts
-- the hits first, then posts the transfers under the limit through it. Counters are locked before
-- anything else, in key order, so batches and the plain counting statement, which locks only
-- counters, never wait for each other the other way round.
ALTER FUNCTION "sabi_post_user_transfers"(jsonb) RENAME TO "sabi_post_counted_transfers";--> statement-breakpoint
CREATE FUNCTION "sabi_post_user_transfers"(p_batch jsonb) RETURNS jsonb LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
SET enable_hashjoin = off
SET enable_mergejoin = off
AS $$
DECLARE
  v_counts jsonb;
  v_under jsonb;
  v_posted jsonb := '[]'::jsonb;
  v_outcomes jsonb := '[]'::jsonb;
  v_next integer := 0;
  v_item record;
  v_count jsonb;
  v_outcome jsonb;
BEGIN
  -- Each item with a `rateLimit` ({key, windowMs, max}) is one hit on its key; several hits on a
  -- key count one after another in the batch's order, each answered with its place.
  WITH hits AS (
    SELECT i.ord, i.v->'rateLimit'->>'key' AS key, (i.v->'rateLimit'->>'windowMs')::bigint AS window_ms,
        (i.v->'rateLimit'->>'max')::integer AS max
      FROM jsonb_array_elements(p_batch->'items') WITH ORDINALITY AS i(v, ord)
      WHERE i.v ? 'rateLimit'
  ), keys AS (
    SELECT h.key, count(*)::integer AS n, min(h.window_ms) AS window_ms FROM hits h GROUP BY h.key
  ), counted AS (
    INSERT INTO "rate_limit_counters" AS c ("key", "hits", "resets_at")
      SELECT k.key, k.n, now() + k.window_ms * interval '1 millisecond' FROM keys k ORDER BY k.key
      ON CONFLICT ("key") DO UPDATE SET
        "hits" = CASE WHEN c."resets_at" <= now() THEN excluded."hits" ELSE c."hits" + excluded."hits" END,
        "resets_at" = CASE WHEN c."resets_at" <= now() THEN excluded."resets_at" ELSE c."resets_at" END
      RETURNING c."key", c."hits", c."resets_at"
  )
  SELECT jsonb_object_agg(h.ord::text, jsonb_build_object(
      'current', c."hits" - k.n + h.place, 'max', h.max,
      'ttlMs', greatest(0, ceil(extract(epoch FROM c."resets_at" - now()) * 1000))::bigint))
    INTO v_counts
    FROM (SELECT hits.*, row_number() OVER (PARTITION BY hits.key ORDER BY hits.ord) AS place FROM hits) h
      JOIN keys k ON k.key = h.key
      JOIN counted c ON c."key" = h.key;
  v_counts := coalesce(v_counts, '{}'::jsonb);

  SELECT coalesce(jsonb_agg(i.v ORDER BY i.ord), '[]'::jsonb) INTO v_under
    FROM jsonb_array_elements(p_batch->'items') WITH ORDINALITY AS i(v, ord)
    WHERE NOT v_counts ? i.ord::text
      OR (v_counts->(i.ord::text)->>'current')::integer <= (v_counts->(i.ord::text)->>'max')::integer;
  IF jsonb_array_length(v_under) > 0 THEN
    v_posted := sabi_post_counted_transfers(jsonb_set(p_batch, '{items}', v_under));
  END IF;

  -- The answers in the batch's order: a refusal for each item over its limit, the posted
  -- outcome for the others, each with its count for the answer's rate-limit headers.
  FOR v_item IN SELECT i.ord FROM jsonb_array_elements(p_batch->'items') WITH ORDINALITY AS i(v, ord) ORDER BY i.ord LOOP
    v_count := v_counts->(v_item.ord::text);
    IF v_count IS NOT NULL AND (v_count->>'current')::integer > (v_count->>'max')::integer THEN
      v_outcome := jsonb_build_object('outcome', 'refused',
        'refusal', jsonb_build_object('kind', 'rate_limited'));
    ELSE
      v_outcome := v_posted->v_next;
      v_next := v_next + 1;
    END IF;
    IF v_count IS NOT NULL THEN
      v_outcome := v_outcome || jsonb_build_object('rateLimit', v_count);
    END IF;
    v_outcomes := v_outcomes || jsonb_build_array(v_outcome);
  END LOOP;
  RETURN v_outcomes;
END $$;
