-- Sign-up asks for the country, which decides the primary wallet and the display currency
-- (docs/account.md "Country and currency"). Accounts made before have none.
ALTER TABLE "users" ADD COLUMN "country" varchar(2);--> statement-breakpoint
-- Until now every account's primary wallet was in US dollars. An account whose only funded
-- wallet is in another currency (a naira user who added naira) gets that wallet as primary.
WITH single_funded AS (
  SELECT w.user_id, (array_agg(w.id))[1] AS wallet_id
  FROM "wallets" w
  JOIN "ledger_accounts" a ON a.id = w.account_id
  WHERE a.balance_minor > 0
  GROUP BY w.user_id
  HAVING count(*) = 1
)
UPDATE "wallets" w
SET "is_primary" = (w.id = s.wallet_id), "updated_at" = now()
FROM single_funded s
WHERE w.user_id = s.user_id AND w.is_primary IS DISTINCT FROM (w.id = s.wallet_id);--> statement-breakpoint
-- Their display currency then follows their money: settings rows made before migration 0012
-- hold the old default 'USD' as if it had been chosen.
WITH single_funded AS (
  SELECT w.user_id
  FROM "wallets" w
  JOIN "ledger_accounts" a ON a.id = w.account_id
  WHERE a.balance_minor > 0
  GROUP BY w.user_id
  HAVING count(*) = 1
)
UPDATE "user_settings" u
SET "display_currency" = NULL, "updated_at" = now()
FROM single_funded s
WHERE u.user_id = s.user_id AND u.display_currency IS NOT NULL;
