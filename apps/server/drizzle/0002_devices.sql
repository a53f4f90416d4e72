CREATE TABLE "push_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"context" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "push_requests_kind_check" CHECK ("push_requests"."kind" in ('signin', 'transfer')),
	CONSTRAINT "push_requests_status_check" CHECK ("push_requests"."status" in ('pending', 'approved', 'denied', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "mfa_devices" ADD COLUMN "last_totp_step" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_must_change" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "push_requests" ADD CONSTRAINT "push_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_requests" ADD CONSTRAINT "push_requests_device_id_mfa_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."mfa_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_requests_device_idx" ON "push_requests" USING btree ("device_id","created_at");