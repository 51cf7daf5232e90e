CREATE TABLE "pocket_round_ups" (
	"source_journal_id" uuid PRIMARY KEY NOT NULL,
	"pocket_id" uuid NOT NULL,
	"journal_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pockets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"account_id" bigint NOT NULL,
	"asset" varchar(10) NOT NULL,
	"name" varchar(40) NOT NULL,
	"target_minor" bigint,
	"target_date" date,
	"locked_until" date,
	"round_up_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pockets_account_id_unique" UNIQUE("account_id"),
	CONSTRAINT "pockets_target_positive" CHECK ("pockets"."target_minor" is null or "pockets"."target_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "scheduled_transfers" DROP CONSTRAINT "scheduled_transfers_kind_check";--> statement-breakpoint
ALTER TABLE "scheduled_transfers" DROP CONSTRAINT "scheduled_transfers_payee_check";--> statement-breakpoint
ALTER TABLE "scheduled_transfers" ADD COLUMN "pocket_id" uuid;--> statement-breakpoint
ALTER TABLE "pocket_round_ups" ADD CONSTRAINT "pocket_round_ups_source_journal_id_journals_id_fk" FOREIGN KEY ("source_journal_id") REFERENCES "public"."journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pocket_round_ups" ADD CONSTRAINT "pocket_round_ups_pocket_id_pockets_id_fk" FOREIGN KEY ("pocket_id") REFERENCES "public"."pockets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pocket_round_ups" ADD CONSTRAINT "pocket_round_ups_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pockets" ADD CONSTRAINT "pockets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pockets" ADD CONSTRAINT "pockets_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pockets" ADD CONSTRAINT "pockets_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pockets_user_idx" ON "pockets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pockets_one_round_up_per_wallet_key" ON "pockets" USING btree ("wallet_id") WHERE "pockets"."round_up_since" is not null;--> statement-breakpoint
ALTER TABLE "scheduled_transfers" ADD CONSTRAINT "scheduled_transfers_pocket_id_pockets_id_fk" FOREIGN KEY ("pocket_id") REFERENCES "public"."pockets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_accounts_pocket_owner_idx" ON "ledger_accounts" USING btree ("user_id") WHERE "ledger_accounts"."kind" = 'pocket';--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('wallet', 'holding', 'pocket', 'system'));--> statement-breakpoint
ALTER TABLE "scheduled_transfers" ADD CONSTRAINT "scheduled_transfers_kind_check" CHECK ("scheduled_transfers"."kind" in ('sabi', 'bank', 'pocket'));--> statement-breakpoint
ALTER TABLE "scheduled_transfers" ADD CONSTRAINT "scheduled_transfers_payee_check" CHECK (("scheduled_transfers"."kind" = 'sabi') = ("scheduled_transfers"."recipient_user_id" is not null) and ("scheduled_transfers"."kind" = 'bank') = ("scheduled_transfers"."account_number" is not null and "scheduled_transfers"."bank_code" is not null and "scheduled_transfers"."account_name" is not null) and ("scheduled_transfers"."kind" = 'pocket') = ("scheduled_transfers"."pocket_id" is not null));