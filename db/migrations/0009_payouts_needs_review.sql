ALTER TABLE "payouts" DROP CONSTRAINT "payouts_status_check";--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "status_checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('pending', 'submitted', 'needs_review', 'completed', 'failed'));