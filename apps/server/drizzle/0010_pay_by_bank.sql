CREATE TABLE "payment_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"payee_account_id" text NOT NULL,
	"reference" text NOT NULL,
	"user_id" uuid,
	"debtor_account_id" text,
	"transfer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"authorised_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "payment_consents_amount_check" CHECK ("payment_consents"."amount_cents" > 0),
	CONSTRAINT "payment_consents_status_check" CHECK ("payment_consents"."status" in ('AwaitingAuthorisation', 'Authorised', 'Consumed', 'Rejected'))
);
--> statement-breakpoint
ALTER TABLE "payment_consents" ADD CONSTRAINT "payment_consents_payee_account_id_accounts_id_fk" FOREIGN KEY ("payee_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_consents" ADD CONSTRAINT "payment_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_consents" ADD CONSTRAINT "payment_consents_debtor_account_id_accounts_id_fk" FOREIGN KEY ("debtor_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_consents" ADD CONSTRAINT "payment_consents_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_consents_user_idx" ON "payment_consents" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_consents_transfer_unique" ON "payment_consents" USING btree ("transfer_id");