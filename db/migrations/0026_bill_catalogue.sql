CREATE TABLE "bill_catalogue" (
	"provider" varchar(32) NOT NULL,
	"id" varchar(60) NOT NULL,
	"type" varchar(16) NOT NULL,
	"biller" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_catalogue_provider_id_pk" PRIMARY KEY("provider","id")
);
