CREATE TABLE "recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"fingerprint" varchar(200) NOT NULL,
	"name" varchar(100) NOT NULL,
	"email" varchar(254),
	"phone_number" varchar(20),
	"account_number" varchar(40),
	"bank_code" varchar(20),
	"country_code" char(2),
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"use_count" integer DEFAULT 1 NOT NULL,
	"is_frequent" boolean DEFAULT false NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recipients_kind_check" CHECK ("recipients"."kind" in ('bank', 'international'))
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "result" jsonb;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "purpose" varchar(16) DEFAULT 'exchange' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "details" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recipients_user_fingerprint_key" ON "recipients" USING btree ("user_id","kind","fingerprint");--> statement-breakpoint
CREATE INDEX "recipients_user_recent_idx" ON "recipients" USING btree ("user_id","last_used_at");