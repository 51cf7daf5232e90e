-- Every asset's latest US-dollar price scaled by 10^18 (src/server/market/usd-prices.ts), or the
-- reference price the caller passes where the market has recorded none (readLatestPricesOf), as
-- one JSON object: read once per batch, inside its transaction.
CREATE OR REPLACE FUNCTION "sabi_latest_prices"(p_reference jsonb) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_object_agg(r.key, coalesce(
      (SELECT (m."usd_price" * 1000000000000000000)::text FROM "market_prices" m
        WHERE m."asset" = r.key ORDER BY m."recorded_at" DESC LIMIT 1),
      r.value)), '{}'::jsonb)
  FROM jsonb_each_text(p_reference) r
$$;
