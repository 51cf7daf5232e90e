-- Identity checks through a real registry (docs/smile-id.md, issue 35): each completed tier-2
-- check is kept with the registry's job id (never the number, name, date of birth or photo it
-- answered); a national ID is a longer id type than bvn or nin; a tier-3 document the registry
-- cannot check waits in review, one per user, for the operations console's queue.
CREATE TABLE "identity_checks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" varchar(32) NOT NULL,
	"id_type" varchar(16) NOT NULL,
	"country" char(2) NOT NULL,
	"result" varchar(16) NOT NULL,
	"provider_job_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_checks_result_check" CHECK ("identity_checks"."result" in ('verified', 'not_found', 'name_mismatch', 'date_mismatch'))
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "verification_id_type" SET DATA TYPE varchar(16);--> statement-breakpoint
ALTER TABLE "identity_checks" ADD CONSTRAINT "identity_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_checks_user_idx" ON "identity_checks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_documents_one_in_review_key" ON "kyc_documents" USING btree ("user_id") WHERE "kyc_documents"."status" = 'in_review';--> statement-breakpoint
CREATE INDEX "kyc_documents_review_queue_idx" ON "kyc_documents" USING btree ("created_at") WHERE "kyc_documents"."status" = 'in_review';--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_status_check" CHECK ("kyc_documents"."status" in ('verified', 'failed', 'in_review'));