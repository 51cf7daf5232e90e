-- The parties of transfers to other Sabi users (src/server/transfers/post-user-transfers.ts),
-- read for many transfers in one call: the sender's wallet when it is theirs (its account and
-- currency, whether that currency is active, the sender's name fields and whether their money is
-- held: frozen or cooling off, docs/security.md), and the recipient when they are an active user,
-- with their wallet in the currency if they have one. Only reads: what to make of it is decided
-- in TypeScript (ADR 013).
--
-- p_items: [{"ord", "userId", "fromWalletId", "recipientUserId"}]
CREATE OR REPLACE FUNCTION "sabi_transfer_parties"(p_items jsonb) RETURNS jsonb LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
SET enable_hashjoin = off
SET enable_mergejoin = off
SET jit = off
AS $$
DECLARE
  v_parties jsonb;
BEGIN
  SELECT coalesce(jsonb_agg(jsonb_build_object(
      'ord', i.ord, 'held', coalesce(f.held, false), 'fromAccount', f.account_id,
      'firstName', f.first_name, 'lastName', f.last_name, 'username', f.username,
      'toUser', t.id, 'toWallet', t.wallet_id, 'toAccount', t.account_id,
      'currencyId', f.currency_id, 'currencyActive', f.is_active)), '[]')
    INTO v_parties
    FROM jsonb_to_recordset(p_items)
      AS i(ord integer, "userId" uuid, "fromWalletId" uuid, "recipientUserId" uuid)
    LEFT JOIN LATERAL (
      SELECT w."account_id", w."currency_id", c."is_active", u."first_name", u."last_name",
          u."username", (u."frozen_at" IS NOT NULL OR u."cooling_off_until" > now()) AS held
        FROM "wallets" w JOIN "users" u ON u."id" = w."user_id"
          JOIN "currencies" c ON c."id" = w."currency_id"
        WHERE w."id" = i."fromWalletId" AND w."user_id" = i."userId" LIMIT 1) f ON true
    LEFT JOIN LATERAL (
      SELECT u."id", r."id" AS wallet_id, r."account_id" FROM "users" u
        LEFT JOIN "wallets" r ON r."user_id" = u."id" AND r."currency_id" = f."currency_id"
        WHERE u."id" = i."recipientUserId" AND u."deactivated_at" IS NULL LIMIT 1) t ON true;
  RETURN v_parties;
END $$;
