CREATE TABLE "transaction_pins" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"pin_hash" text NOT NULL,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_pins_attempts_check" CHECK ("transaction_pins"."failed_attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "verification_code" varchar(16) DEFAULT upper(substr(md5(gen_random_uuid()::text), 1, 16)) NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_pins" ADD CONSTRAINT "transaction_pins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_verification_code_unique" UNIQUE("verification_code");