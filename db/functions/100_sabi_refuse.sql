-- A refusal inside one transfer of a batch (ADR 008): raised with the refusal as JSON in its
-- DETAIL, caught by the batch, which rolls back that transfer alone (its savepoint) and answers it.
CREATE OR REPLACE FUNCTION "sabi_refuse"(p_refusal jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'transfer refused' USING ERRCODE = 'SB001', DETAIL = p_refusal::text;
END $$;
