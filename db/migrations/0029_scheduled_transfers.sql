CREATE TABLE "scheduled_transfer_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schedule_id" uuid NOT NULL,
	"run_date" date NOT NULL,
	"status" varchar(10) NOT NULL,
	"attempts" smallint DEFAULT 1 NOT NULL,
	"journal_id" uuid,
	"failure_code" varchar(40),
	"failure_reason" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_transfer_runs_journal_id_unique" UNIQUE("journal_id"),
	CONSTRAINT "scheduled_transfer_runs_status_check" CHECK ("scheduled_transfer_runs"."status" in ('completed', 'skipped', 'failed')),
	CONSTRAINT "scheduled_transfer_runs_journal_check" CHECK (("scheduled_transfer_runs"."status" = 'completed') = ("scheduled_transfer_runs"."journal_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "scheduled_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" varchar(8) NOT NULL,
	"from_wallet_id" uuid NOT NULL,
	"asset" varchar(10) NOT NULL,
	"recipient_user_id" uuid,
	"bank_code" varchar(10),
	"bank_name" varchar(120),
	"account_number" varchar(20),
	"account_name" varchar(100),
	"amount_minor" bigint NOT NULL,
	"description" varchar(140),
	"frequency" varchar(8) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"next_run_date" date,
	"next_attempt_at" timestamp with time zone,
	"reminded_for" date,
	"authorised_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_transfers_kind_check" CHECK ("scheduled_transfers"."kind" in ('sabi', 'bank')),
	CONSTRAINT "scheduled_transfers_payee_check" CHECK (("scheduled_transfers"."kind" = 'sabi') = ("scheduled_transfers"."recipient_user_id" is not null) and ("scheduled_transfers"."kind" = 'bank') = ("scheduled_transfers"."account_number" is not null and "scheduled_transfers"."bank_code" is not null and "scheduled_transfers"."account_name" is not null)),
	CONSTRAINT "scheduled_transfers_frequency_check" CHECK ("scheduled_transfers"."frequency" in ('once', 'weekly', 'monthly')),
	CONSTRAINT "scheduled_transfers_status_check" CHECK ("scheduled_transfers"."status" in ('active', 'paused', 'ended', 'cancelled')),
	CONSTRAINT "scheduled_transfers_amount_positive" CHECK ("scheduled_transfers"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "scheduled_transfer_runs" ADD CONSTRAINT "scheduled_transfer_runs_schedule_id_scheduled_transfers_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."scheduled_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_transfer_runs" ADD CONSTRAINT "scheduled_transfer_runs_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_transfers" ADD CONSTRAINT "scheduled_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_transfers" ADD CONSTRAINT "scheduled_transfers_from_wallet_id_wallets_id_fk" FOREIGN KEY ("from_wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_transfers" ADD CONSTRAINT "scheduled_transfers_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_transfer_runs_once_key" ON "scheduled_transfer_runs" USING btree ("schedule_id","run_date");--> statement-breakpoint
CREATE INDEX "scheduled_transfers_user_idx" ON "scheduled_transfers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "scheduled_transfers_due_idx" ON "scheduled_transfers" USING btree ("next_attempt_at") WHERE "scheduled_transfers"."status" = 'active';