-- Trigram search on names needs pg_trgm (a contrib extension on PostgreSQL; loaded by PGlite).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" varchar(100) NOT NULL,
	"request_hash" char(64) NOT NULL,
	"status_code" smallint NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "journals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" varchar(40) NOT NULL,
	"type" varchar(24) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"from_user_id" uuid,
	"to_user_id" uuid,
	"from_wallet_id" uuid,
	"to_wallet_id" uuid,
	"asset" varchar(10) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"exchange_rate" numeric(10, 6),
	"converted_asset" varchar(10),
	"converted_amount_minor" bigint,
	"description" varchar(200),
	"external_reference" varchar(100),
	"reverses_journal_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journals_reference_unique" UNIQUE("reference"),
	CONSTRAINT "journals_status_check" CHECK ("journals"."status" in ('pending', 'completed', 'failed')),
	CONSTRAINT "journals_amount_positive" CHECK ("journals"."amount_minor" > 0),
	CONSTRAINT "journals_fee_non_negative" CHECK ("journals"."fee_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"asset" varchar(10) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"system_role" varchar(32),
	"user_id" uuid,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_id_asset_key" UNIQUE("id","asset"),
	CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('wallet', 'holding', 'system')),
	CONSTRAINT "ledger_accounts_customer_owner_check" CHECK (("ledger_accounts"."kind" = 'system') = ("ledger_accounts"."user_id" is null and "ledger_accounts"."system_role" is not null)),
	CONSTRAINT "ledger_accounts_customer_non_negative" CHECK ("ledger_accounts"."kind" = 'system' or "ledger_accounts"."balance_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"journal_id" uuid NOT NULL,
	"account_id" bigint NOT NULL,
	"asset" varchar(10) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "postings_amount_non_zero" CHECK ("postings"."amount_minor" <> 0)
);
--> statement-breakpoint
ALTER TABLE "wallets" DROP CONSTRAINT "wallets_balance_non_negative";--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "account_id" bigint;--> statement-breakpoint
-- Before the ledger no money could move, so every wallet is at zero; refuse to guess otherwise.
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM "wallets" WHERE "balance_minor" <> 0) THEN
    RAISE EXCEPTION 'wallets with a balance but no postings cannot be moved onto the ledger';
  END IF;
END $$;--> statement-breakpoint
-- Each existing wallet gets its ledger account: ids are drawn first so the two rows can be paired.
UPDATE "wallets" SET "account_id" = nextval(pg_get_serial_sequence('ledger_accounts', 'id'));--> statement-breakpoint
INSERT INTO "ledger_accounts" ("id", "asset", "kind", "user_id")
  SELECT w."account_id", c."code", 'wallet', w."user_id" FROM "wallets" w JOIN "currencies" c ON c."id" = w."currency_id";--> statement-breakpoint
ALTER TABLE "wallets" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_from_wallet_id_wallets_id_fk" FOREIGN KEY ("from_wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_to_wallet_id_wallets_id_fk" FOREIGN KEY ("to_wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_reverses_journal_id_journals_id_fk" FOREIGN KEY ("reverses_journal_id") REFERENCES "public"."journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_account_asset_fk" FOREIGN KEY ("account_id","asset") REFERENCES "public"."ledger_accounts"("id","asset") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journals_from_user_idx" ON "journals" USING btree ("from_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "journals_to_user_idx" ON "journals" USING btree ("to_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_role_asset_key" ON "ledger_accounts" USING btree ("system_role","asset") WHERE "ledger_accounts"."kind" = 'system';--> statement-breakpoint
CREATE INDEX "postings_journal_idx" ON "postings" USING btree ("journal_id");--> statement-breakpoint
CREATE INDEX "postings_account_idx" ON "postings" USING btree ("account_id","id");--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_first_name_trgm_idx" ON "users" USING gin (lower("first_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_trgm_idx" ON "users" USING gin (lower("last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin (lower("username") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_account_id_unique" UNIQUE("account_id");
-- The functions and triggers this migration made now have one current file each in db/functions/
-- (ADR 011), applied after the migrations on every start.
