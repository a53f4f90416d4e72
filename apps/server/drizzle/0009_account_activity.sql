ALTER TABLE "ledger_entries" ADD COLUMN "category" text DEFAULT 'transfer' NOT NULL;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "approval_method" text;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "approval_request_id" text;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "transfers_user_created_idx" ON "transfers" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_approval_method_check" CHECK ("transfers"."approval_method" is null or "transfers"."approval_method" in ('phone', 'code'));