ALTER TABLE "user_settings" ALTER COLUMN "display_currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "user_settings" ALTER COLUMN "display_currency" DROP NOT NULL;