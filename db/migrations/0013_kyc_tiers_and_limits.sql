CREATE TABLE "kyc_daily_usage" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sent_minor" bigint NOT NULL,
	CONSTRAINT "kyc_daily_usage_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "kyc_daily_usage_non_negative" CHECK ("kyc_daily_usage"."sent_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "kyc_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"document_type" varchar(20) NOT NULL,
	"document_number_last4" varchar(4) NOT NULL,
	"address_line" varchar(200) NOT NULL,
	"city" varchar(100) NOT NULL,
	"state" varchar(100) NOT NULL,
	"country" char(2) NOT NULL,
	"status" varchar(16) NOT NULL,
	"failure_reason" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_tier_limits" (
	"tier" smallint PRIMARY KEY NOT NULL,
	"single_max_minor" bigint NOT NULL,
	"daily_max_minor" bigint NOT NULL,
	"balance_max_minor" bigint,
	CONSTRAINT "kyc_tier_limits_tier_check" CHECK ("kyc_tier_limits"."tier" between 1 and 3),
	CONSTRAINT "kyc_tier_limits_positive" CHECK ("kyc_tier_limits"."single_max_minor" > 0 and "kyc_tier_limits"."daily_max_minor" > 0 and ("kyc_tier_limits"."balance_max_minor" is null or "kyc_tier_limits"."balance_max_minor" > 0))
);
--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "limit_value_minor" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "kyc_tier" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "kyc_daily_usage" ADD CONSTRAINT "kyc_daily_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_documents_user_idx" ON "kyc_documents" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_kyc_tier_check" CHECK ("users"."kyc_tier" between 1 and 3);--> statement-breakpoint
-- Users whose BVN or NIN was verified before tiers existed are tier 2 (docs/limits.md).
UPDATE "users" SET "kyc_tier" = 2 WHERE "verification_status" = 'verified';--> statement-breakpoint
-- The default limits in kobo; start-up replaces them with the configured ones.
INSERT INTO "kyc_tier_limits" ("tier", "single_max_minor", "daily_max_minor", "balance_max_minor") VALUES
	(1, 5000000, 5000000, 30000000),
	(2, 20000000, 20000000, 50000000),
	(3, 500000000, 500000000, NULL);
