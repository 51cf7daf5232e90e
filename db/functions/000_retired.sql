-- Functions an earlier version created and no file defines any more (ADR 011): dropped on every
-- start, before the current files run, so a database upgraded in place holds only what
-- db/functions defines. The user-to-user transfers posted by PL/pgSQL went in issue 33, when the
-- ledger became one engine in TypeScript (ADR 013).
DROP FUNCTION IF EXISTS "sabi_post_user_transfers"(jsonb);
DROP FUNCTION IF EXISTS "sabi_post_transfers_together"(jsonb, jsonb);
DROP FUNCTION IF EXISTS "sabi_post_user_transfer"(jsonb, jsonb, jsonb);
DROP FUNCTION IF EXISTS "sabi_record_money_received"(jsonb);
DROP FUNCTION IF EXISTS "sabi_naira_value"(text, numeric, jsonb, jsonb);
DROP FUNCTION IF EXISTS "sabi_latest_prices"(jsonb);
DROP FUNCTION IF EXISTS "sabi_refuse"(jsonb);
