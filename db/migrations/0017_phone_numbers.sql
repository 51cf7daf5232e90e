-- Phone numbers (docs/phone-numbers.md). Until now a number was free text checked by a loose
-- regular expression, and nothing ever verified one. Stored numbers become E.164 where their
-- shape is a mobile number of Nigeria, South Africa, Kenya or the United Kingdom (the forms the
-- old profile field took: national "0803 123 4567", or with the country code, with or without
-- "+"); anything else is cleared, for the user to enter again through the parser. SQL cannot run
-- libphonenumber, so these patterns are deliberately narrower than it: a number cleared here is
-- one the app would have to ask about anyway. No number was verified, so none stays verified,
-- and the unique index on verified numbers below cannot meet a duplicate.
UPDATE "users" SET "phone_verified" = false WHERE "phone_verified";--> statement-breakpoint
UPDATE "users" AS u SET "phone_number" = CASE
	WHEN c.digits ~ '^0[789][01][0-9]{8}$' THEN '+234' || substr(c.digits, 2)
	WHEN c.digits ~ '^\+?234[789][01][0-9]{8}$' THEN '+' || ltrim(c.digits, '+')
	WHEN c.digits ~ '^\+?27[678][0-9]{8}$' THEN '+' || ltrim(c.digits, '+')
	WHEN c.digits ~ '^\+?254(7[0-9]|1[01])[0-9]{7}$' THEN '+' || ltrim(c.digits, '+')
	WHEN c.digits ~ '^\+447[0-9]{9}$' THEN c.digits
	ELSE NULL
END
FROM (
	SELECT "id", regexp_replace("phone_number", '[[:space:]().-]', '', 'g') AS digits
	FROM "users" WHERE "phone_number" IS NOT NULL
) AS c
WHERE u."id" = c."id";--> statement-breakpoint
CREATE TABLE "phone_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"phone_number" varchar(20) NOT NULL,
	"code_hash" char(64) NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_verifications_attempts_check" CHECK ("phone_verifications"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD CONSTRAINT "phone_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_verifications_user_idx" ON "phone_verifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "phone_verifications_phone_idx" ON "phone_verifications" USING btree ("phone_number","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_verified_key" ON "users" USING btree ("phone_number") WHERE "users"."phone_verified";--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_only_key" ON "users" USING btree ("phone_number") WHERE "users"."email" is null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_or_phone_check" CHECK ("users"."email" is not null or "users"."phone_number" is not null);