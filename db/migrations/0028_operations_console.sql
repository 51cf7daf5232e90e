CREATE TABLE "audit_log" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"operator_id" uuid,
	"actor" varchar(254) NOT NULL,
	"action" varchar(48) NOT NULL,
	"target_type" varchar(24),
	"target_id" varchar(64),
	"reason" varchar(500),
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"prev_hash" char(64) NOT NULL,
	"hash" char(64) NOT NULL,
	CONSTRAINT "audit_log_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "dispute_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dispute_id" uuid NOT NULL,
	"actor" varchar(16) NOT NULL,
	"operator_id" uuid,
	"kind" varchar(24) NOT NULL,
	"note" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" varchar(20) NOT NULL,
	"user_id" uuid NOT NULL,
	"journal_id" uuid NOT NULL,
	"reason" varchar(24) NOT NULL,
	"details" varchar(500) DEFAULT '' NOT NULL,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"outcome" varchar(16),
	"resolution_note" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_reference_unique" UNIQUE("reference"),
	CONSTRAINT "disputes_reason_check" CHECK ("disputes"."reason" in ('not_received', 'wrong_recipient', 'unauthorised', 'charged_twice', 'not_delivered', 'other')),
	CONSTRAINT "disputes_status_check" CHECK ("disputes"."status" in ('open', 'in_review', 'resolved')),
	CONSTRAINT "disputes_outcome_check" CHECK (("disputes"."status" = 'resolved') = ("disputes"."outcome" is not null) and ("disputes"."outcome" is null or "disputes"."outcome" in ('refunded', 'declined')))
);
--> statement-breakpoint
CREATE TABLE "money_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(20) NOT NULL,
	"user_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"asset" varchar(10) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"direction" varchar(6) DEFAULT 'credit' NOT NULL,
	"dispute_id" uuid,
	"journal_id" uuid,
	"payout_id" uuid,
	"reason" varchar(500) NOT NULL,
	"status" varchar(16) NOT NULL,
	"needs_approval" boolean NOT NULL,
	"proposed_by" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"result_journal_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_proposals_kind_check" CHECK ("money_proposals"."kind" in ('refund', 'adjustment', 'payout_failure')),
	CONSTRAINT "money_proposals_status_check" CHECK ("money_proposals"."status" in ('pending', 'executed', 'rejected')),
	CONSTRAINT "money_proposals_direction_check" CHECK ("money_proposals"."direction" in ('credit', 'debit')),
	CONSTRAINT "money_proposals_amount_positive" CHECK ("money_proposals"."amount_minor" > 0),
	CONSTRAINT "money_proposals_four_eyes" CHECK ("money_proposals"."decided_by" is null or "money_proposals"."decided_by" <> "money_proposals"."proposed_by")
);
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"operator_id" uuid NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(254) NOT NULL,
	"name" varchar(120) NOT NULL,
	"role" varchar(16) NOT NULL,
	"password_hash" varchar(255),
	"totp_secret_sealed" text,
	"totp_last_step" bigint,
	"enrolment_token_hash" varchar(64),
	"enrolment_expires_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operators_email_unique" UNIQUE("email"),
	CONSTRAINT "operators_enrolment_token_hash_unique" UNIQUE("enrolment_token_hash"),
	CONSTRAINT "operators_role_check" CHECK ("operators"."role" in ('support', 'compliance', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_events" ADD CONSTRAINT "dispute_events_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_events" ADD CONSTRAINT "dispute_events_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_proposals" ADD CONSTRAINT "money_proposals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_proposals" ADD CONSTRAINT "money_proposals_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_proposals" ADD CONSTRAINT "money_proposals_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_proposals" ADD CONSTRAINT "money_proposals_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_proposals" ADD CONSTRAINT "money_proposals_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_proposals" ADD CONSTRAINT "money_proposals_proposed_by_operators_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_proposals" ADD CONSTRAINT "money_proposals_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_proposals" ADD CONSTRAINT "money_proposals_result_journal_id_journals_id_fk" FOREIGN KEY ("result_journal_id") REFERENCES "public"."journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispute_events_dispute_idx" ON "dispute_events" USING btree ("dispute_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_one_open_per_journal_key" ON "disputes" USING btree ("journal_id") WHERE "disputes"."status" <> 'resolved';--> statement-breakpoint
CREATE INDEX "disputes_user_idx" ON "disputes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "disputes_queue_idx" ON "disputes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "money_proposals_pending_idx" ON "money_proposals" USING btree ("created_at") WHERE "money_proposals"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "money_proposals_one_open_per_dispute_key" ON "money_proposals" USING btree ("dispute_id") WHERE "money_proposals"."status" = 'pending' and "money_proposals"."dispute_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "money_proposals_one_per_payout_key" ON "money_proposals" USING btree ("payout_id") WHERE "money_proposals"."status" <> 'rejected' and "money_proposals"."payout_id" is not null;--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_idx" ON "operator_sessions" USING btree ("operator_id");