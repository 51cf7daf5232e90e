CREATE TABLE "payment_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"asset" varchar(10) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"description" varchar(140) NOT NULL,
	"purpose" varchar(16) DEFAULT 'request' NOT NULL,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_by_user_id" uuid,
	"paid_journal_id" uuid,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_requests_status_check" CHECK ("payment_requests"."status" in ('open', 'paid', 'cancelled')),
	CONSTRAINT "payment_requests_purpose_check" CHECK ("payment_requests"."purpose" in ('request', 'pos_sale')),
	CONSTRAINT "payment_requests_amount_positive" CHECK ("payment_requests"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "pos_sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"asset" varchar(10) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"description" varchar(140) NOT NULL,
	"customer_name" varchar(100),
	"customer_email" varchar(254),
	"customer_phone" varchar(20),
	"method" varchar(8) NOT NULL,
	"status" varchar(16) NOT NULL,
	"card_last4" char(4),
	"failure_reason" varchar(200),
	"payment_request_id" uuid,
	"journal_id" uuid,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_sales_method_check" CHECK ("pos_sales"."method" in ('card', 'qr')),
	CONSTRAINT "pos_sales_status_check" CHECK ("pos_sales"."status" in ('pending', 'completed', 'failed', 'cancelled')),
	CONSTRAINT "pos_sales_amount_positive" CHECK ("pos_sales"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_paid_by_user_id_users_id_fk" FOREIGN KEY ("paid_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_paid_journal_id_journals_id_fk" FOREIGN KEY ("paid_journal_id") REFERENCES "public"."journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sales" ADD CONSTRAINT "pos_sales_merchant_id_users_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sales" ADD CONSTRAINT "pos_sales_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sales" ADD CONSTRAINT "pos_sales_payment_request_id_payment_requests_id_fk" FOREIGN KEY ("payment_request_id") REFERENCES "public"."payment_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sales" ADD CONSTRAINT "pos_sales_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_requests_requester_idx" ON "payment_requests" USING btree ("requester_id","created_at");--> statement-breakpoint
CREATE INDEX "pos_sales_merchant_idx" ON "pos_sales" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_sales_payment_request_key" ON "pos_sales" USING btree ("payment_request_id");