ALTER TABLE "contact_changes" DROP CONSTRAINT "contact_changes_status_check";--> statement-breakpoint
ALTER TABLE "contact_changes" ADD COLUMN "undo_token_hash" text;--> statement-breakpoint
ALTER TABLE "contact_changes" ADD COLUMN "undo_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_changes" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mfa_devices" ADD COLUMN "in_use_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mfa_devices" ADD COLUMN "in_use_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_changes" ADD CONSTRAINT "contact_changes_undo_token_hash_unique" UNIQUE("undo_token_hash");--> statement-breakpoint
ALTER TABLE "contact_changes" ADD CONSTRAINT "contact_changes_status_check" CHECK ("contact_changes"."status" in ('pending', 'confirmed', 'superseded', 'undone'));