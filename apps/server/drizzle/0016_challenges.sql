CREATE TABLE "challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"method" text NOT NULL,
	"device_id" uuid,
	"reference" text NOT NULL,
	"context" jsonb NOT NULL,
	"linking" text,
	"method_state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'asked' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "challenges_status_check" CHECK ("challenges"."status" in ('asked', 'answered', 'refused', 'expired', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "mfa_devices" DROP CONSTRAINT "mfa_devices_type_check";--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_device_id_mfa_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."mfa_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenges_reference_idx" ON "challenges" USING btree ("purpose","reference");--> statement-breakpoint
CREATE INDEX "challenges_user_idx" ON "challenges" USING btree ("user_id","created_at");