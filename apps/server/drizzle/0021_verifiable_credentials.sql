CREATE TABLE "issued_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"credential_type" text NOT NULL,
	"status_index" integer NOT NULL,
	"holder_key_thumbprint" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	CONSTRAINT "issued_credentials_status_index_unique" UNIQUE("status_index"),
	CONSTRAINT "issued_credentials_type_check" CHECK ("issued_credentials"."credential_type" in ('verified_customer', 'account_holder'))
);
--> statement-breakpoint
CREATE TABLE "used_credential_nonces" (
	"nonce" text NOT NULL,
	"holder_key_thumbprint" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "used_credential_nonces_nonce_holder_key_thumbprint_pk" PRIMARY KEY("nonce","holder_key_thumbprint")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "issued_credentials" ADD CONSTRAINT "issued_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issued_credentials_user_idx" ON "issued_credentials" USING btree ("user_id");