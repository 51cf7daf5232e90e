-- Issue 32: identity numbers back one account, a frozen account, a cooling-off after recovery,
-- when a phone number was verified, and wrong PINs that a right one does not wipe
-- (docs/security.md).
CREATE TABLE "identity_numbers" (
	"number_hash" char(64) PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"id_type" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_tokens" DROP CONSTRAINT "email_tokens_purpose_check";--> statement-breakpoint
ALTER TABLE "transaction_pins" ADD COLUMN "last_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cooling_off_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cooling_off_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity_numbers" ADD CONSTRAINT "identity_numbers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_purpose_check" CHECK ("email_tokens"."purpose" in ('password_reset', 'verify_email', 'freeze', 'unfreeze'));
--> statement-breakpoint
UPDATE "users" SET "phone_verified_at" = "updated_at" WHERE "phone_verified";
