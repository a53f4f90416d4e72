CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"position" smallint NOT NULL,
	"balance_cents" bigint NOT NULL,
	"number_suffix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_kind_check" CHECK ("accounts"."kind" in ('checking', 'savings', 'rewards-visa')),
	CONSTRAINT "accounts_balance_check" CHECK ("accounts"."kind" = 'rewards-visa' or "accounts"."balance_cents" >= 0),
	CONSTRAINT "accounts_number_suffix_check" CHECK ("accounts"."number_suffix" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"user_id" uuid,
	"ip" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"actor" text NOT NULL,
	"audience" text NOT NULL,
	"definition_id" text NOT NULL,
	"definition_version" text DEFAULT '1.0' NOT NULL,
	"definition_locale" text DEFAULT 'en-us' NOT NULL,
	"status" text NOT NULL,
	"title_text" text,
	"data_text" text,
	"purpose_text" text,
	"data" jsonb NOT NULL,
	"consent_context" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consents_status_check" CHECK ("consents"."status" in ('accepted', 'revoked')),
	CONSTRAINT "consents_definition_check" CHECK ("consents"."definition_id" in ('communication', 'share-account-balances'))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" text NOT NULL,
	"transfer_id" uuid,
	"amount_cents" bigint NOT NULL,
	"balance_after_cents" bigint NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "mfa_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"nickname" text,
	"target" text,
	"secret_encrypted" text,
	"public_key" text,
	"credential_id" text,
	"sign_count" bigint DEFAULT 0 NOT NULL,
	"rp_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "mfa_devices_credential_id_unique" UNIQUE("credential_id"),
	CONSTRAINT "mfa_devices_type_check" CHECK ("mfa_devices"."type" in ('Email', 'SMS', 'iPhone', 'TOTP', 'FIDO2', 'SECURITY_KEY', 'PLATFORM'))
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "outbox_messages_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"code" text,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_messages_channel_check" CHECK ("outbox_messages"."channel" in ('email', 'sms', 'push'))
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"from_account_id" text NOT NULL,
	"to_account_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"reference_number" integer NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfers_amount_check" CHECK ("transfers"."amount_cents" > 0),
	CONSTRAINT "transfers_accounts_check" CHECK ("transfers"."from_account_id" <> "transfers"."to_account_id"),
	CONSTRAINT "transfers_status_check" CHECK ("transfers"."status" in ('pending_approval', 'confirmed', 'denied', 'not_approved')),
	CONSTRAINT "transfers_reference_check" CHECK ("transfers"."reference_number" >= 0 and "transfers"."reference_number" < 100000)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text,
	"street" text,
	"city" text,
	"postal_code" text,
	"user_type" text NOT NULL,
	"authn_preference" text DEFAULT 'Password' NOT NULL,
	"password_hash" text,
	"account_tier" text DEFAULT 'personal' NOT NULL,
	"ciba_threshold" integer,
	"deny_threshold" integer,
	"account_transfer_amount_cents" bigint,
	"identity_verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_uid_unique" UNIQUE("uid"),
	CONSTRAINT "users_user_type_check" CHECK ("users"."user_type" in ('customer', 'AnyWealthAdvisor', 'AnyMarketing', 'CustomerServiceRep')),
	CONSTRAINT "users_authn_preference_check" CHECK ("users"."authn_preference" in ('Password', 'Device')),
	CONSTRAINT "users_account_tier_check" CHECK ("users"."account_tier" in ('personal', 'premier')),
	CONSTRAINT "users_thresholds_check" CHECK (("users"."ciba_threshold" is null or "users"."ciba_threshold" >= 1) and ("users"."deny_threshold" is null or "users"."deny_threshold" >= 2))
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_devices" ADD CONSTRAINT "mfa_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_from_account_id_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_account_id_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_owner_kind_unique" ON "accounts" USING btree ("owner_id","kind");--> statement-breakpoint
CREATE INDEX "audit_events_type_idx" ON "audit_events" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "audit_events_user_idx" ON "audit_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "consents_subject_definition_idx" ON "consents" USING btree ("subject","definition_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "mfa_devices_user_idx" ON "mfa_devices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_recipient_idx" ON "outbox_messages" USING btree ("recipient","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_idempotency_unique" ON "transfers" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));