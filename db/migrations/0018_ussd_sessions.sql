CREATE TABLE "ussd_sessions" (
	"session_id" varchar(100) PRIMARY KEY NOT NULL,
	"phone_number" varchar(20) NOT NULL,
	"user_id" uuid NOT NULL,
	"state" jsonb NOT NULL,
	"steps" integer DEFAULT 0 NOT NULL,
	"text_length" integer DEFAULT 0 NOT NULL,
	"text_hash" char(64) NOT NULL,
	"last_answer" varchar(200) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ussd_sessions_steps_check" CHECK ("ussd_sessions"."steps" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ussd_sessions" ADD CONSTRAINT "ussd_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ussd_sessions_expires_at_idx" ON "ussd_sessions" USING btree ("expires_at");