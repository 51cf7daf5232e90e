-- Sessions are kept by the SHA-256 of their id (hex), never the id itself: a leaked sessions
-- table, backup or replica then signs nobody in. Existing sessions are hashed in place, so
-- nobody is signed out by the upgrade.
ALTER TABLE "sessions" RENAME COLUMN "sid" TO "sid_hash";--> statement-breakpoint
UPDATE "sessions" SET "sid_hash" = encode(sha256(convert_to("sid_hash", 'UTF8')), 'hex');
--> statement-breakpoint
-- When the session began, as a column: login activity is paged newest first by
-- (created_at, sid_hash), which never change (the expiry slides forward on use).
ALTER TABLE "sessions" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "sessions" SET "created_at" = ("sess"->>'createdAt')::timestamptz WHERE "sess"->>'createdAt' ~ '^\d{4}-\d{2}-\d{2}T';--> statement-breakpoint
CREATE INDEX "sessions_user_created_idx" ON "sessions" USING btree ("user_id","created_at","sid_hash");
