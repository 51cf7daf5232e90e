-- What an amount of an asset is worth in kobo (src/server/limits/naira-value.ts, whose arithmetic
-- this repeats: tests/api/transfer-batches.test.ts holds the two to the same answers): its USD
-- price over the naira's, rounded half away from zero like divideRoundHalfUp in src/shared/money.ts.
CREATE OR REPLACE FUNCTION "sabi_naira_value"(p_asset text, p_amount numeric, p_prices jsonb, p_exponents jsonb)
RETURNS numeric LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  shift integer;
  price numeric := (p_prices->>p_asset)::numeric;
  naira numeric := (p_prices->>'NGN')::numeric;
  numerator numeric;
  denominator numeric;
BEGIN
  IF p_asset = 'NGN' THEN RETURN p_amount; END IF;
  IF price IS NULL OR naira IS NULL THEN
    RAISE EXCEPTION 'no market price for %', CASE WHEN price IS NULL THEN p_asset ELSE 'NGN' END;
  END IF;
  shift := (p_exponents->>'NGN')::integer - (p_exponents->>p_asset)::integer;
  numerator := p_amount * price * power(10::numeric, greatest(shift, 0));
  denominator := naira * power(10::numeric, greatest(-shift, 0));
  RETURN sign(numerator) * div(abs(numerator) * 2 + denominator, denominator * 2);
END $$;
