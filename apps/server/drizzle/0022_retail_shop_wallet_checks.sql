CREATE TABLE "retail_shop_wallet_checks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"nonce" text NOT NULL,
	"state" text NOT NULL,
	"browser_hash" text NOT NULL,
	"inspector_id" text,
	"status" text NOT NULL,
	"result" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "retail_shop_wallet_checks_created_idx" ON "retail_shop_wallet_checks" USING btree ("created_at");