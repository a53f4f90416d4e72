CREATE TABLE "retail_shop_logout_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retail_shop_sessions" (
	"cookie_hash" text PRIMARY KEY NOT NULL,
	"bank_sub" text NOT NULL,
	"bank_sid" text,
	"signed_in_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "retail_shop_sessions_sub_idx" ON "retail_shop_sessions" USING btree ("bank_sub");--> statement-breakpoint
CREATE INDEX "retail_shop_sessions_signed_in_idx" ON "retail_shop_sessions" USING btree ("signed_in_at");