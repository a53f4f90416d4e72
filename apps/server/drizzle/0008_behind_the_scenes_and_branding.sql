CREATE TABLE "branding" (
	"id" text PRIMARY KEY NOT NULL,
	"bank_name" text NOT NULL,
	"product_name" text NOT NULL,
	"primary_color" text NOT NULL,
	"accent_color" text NOT NULL,
	"logo_type" text,
	"logo" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branding_single_row_check" CHECK ("branding"."id" = 'current'),
	CONSTRAINT "branding_logo_type_check" CHECK ("branding"."logo_type" is null or "branding"."logo_type" in ('image/svg+xml', 'image/png'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "inspector_id" text;--> statement-breakpoint
ALTER TABLE "push_requests" ADD COLUMN "inspector_id" text;--> statement-breakpoint
CREATE INDEX "audit_events_inspector_idx" ON "audit_events" USING btree ("inspector_id","id") WHERE "audit_events"."inspector_id" is not null;