CREATE TABLE "banks" (
	"provider" varchar(32) NOT NULL,
	"country" char(2) NOT NULL,
	"code" varchar(20) NOT NULL,
	"name" varchar(120) NOT NULL,
	"currency" varchar(10) NOT NULL,
	"type" varchar(32) NOT NULL,
	"name_enquiry" boolean NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banks_provider_country_code_pk" PRIMARY KEY("provider","country","code")
);
--> statement-breakpoint
CREATE TABLE "funding_accounts" (
	"user_id" uuid NOT NULL,
	"provider" varchar(32) NOT NULL,
	"customer_code" varchar(64) NOT NULL,
	"account_number" varchar(20) NOT NULL,
	"account_name" varchar(120) NOT NULL,
	"bank_name" varchar(120) NOT NULL,
	"asset" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funding_accounts_user_id_provider_pk" PRIMARY KEY("user_id","provider"),
	CONSTRAINT "funding_accounts_customer_key" UNIQUE("provider","customer_code")
);
--> statement-breakpoint
CREATE TABLE "payout_recipients" (
	"provider" varchar(32) NOT NULL,
	"account_key" varchar(120) NOT NULL,
	"recipient_code" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_recipients_provider_account_key_pk" PRIMARY KEY("provider","account_key")
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" char(64) PRIMARY KEY NOT NULL,
	"provider" varchar(32) NOT NULL,
	"event" varchar(64) NOT NULL,
	"body" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"outcome" varchar(200),
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "top_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" varchar(32) NOT NULL,
	"reference" varchar(100) NOT NULL,
	"user_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"channel" varchar(16) NOT NULL,
	"asset" varchar(10) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"journal_id" uuid,
	"provider_transaction_id" varchar(64),
	"sender_name" varchar(120),
	"sender_bank" varchar(120),
	"refund_after" timestamp with time zone,
	"authorization_url" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "top_ups_reference_key" UNIQUE("provider","reference"),
	CONSTRAINT "top_ups_status_check" CHECK ("top_ups"."status" in ('pending', 'credited', 'held', 'refunded', 'failed')),
	CONSTRAINT "top_ups_amount_positive" CHECK ("top_ups"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "journals" DROP CONSTRAINT "journals_status_check";--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_status_check";--> statement-breakpoint
ALTER TABLE "funding_accounts" ADD CONSTRAINT "funding_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banks_code_idx" ON "banks" USING btree ("provider","code");--> statement-breakpoint
CREATE INDEX "provider_events_unapplied_idx" ON "provider_events" USING btree ("received_at") WHERE "provider_events"."applied_at" is null;--> statement-breakpoint
CREATE INDEX "top_ups_status_idx" ON "top_ups" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "top_ups_user_idx" ON "top_ups" USING btree ("user_id","status");--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_status_check" CHECK ("journals"."status" in ('pending', 'completed', 'failed', 'held', 'reversed'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('pending', 'submitted', 'needs_review', 'completed', 'failed', 'reversed'));