CREATE TABLE "credential_offers" (
	"grant_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"credential_type" text NOT NULL,
	"inspector_id" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credential_offers" ADD CONSTRAINT "credential_offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credential_offers_expires_idx" ON "credential_offers" USING btree ("expires_at");