CREATE TABLE "help_desk_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rep_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" text NOT NULL,
	"method" text,
	"push_request_id" uuid,
	"verification_expires_at" timestamp with time zone,
	"verified_until" timestamp with time zone,
	"action" text,
	"action_device_name" text,
	"failure" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_desk_sessions_status_check" CHECK ("help_desk_sessions"."status" in ('started', 'verification_sent', 'verified', 'action_done', 'failed')),
	CONSTRAINT "help_desk_sessions_method_check" CHECK ("help_desk_sessions"."method" in ('push', 'email')),
	CONSTRAINT "help_desk_sessions_action_check" CHECK ("help_desk_sessions"."action" in ('unlock', 'remove_device'))
);
--> statement-breakpoint
ALTER TABLE "push_requests" DROP CONSTRAINT "push_requests_kind_check";--> statement-breakpoint
ALTER TABLE "help_desk_sessions" ADD CONSTRAINT "help_desk_sessions_rep_id_users_id_fk" FOREIGN KEY ("rep_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_desk_sessions" ADD CONSTRAINT "help_desk_sessions_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "help_desk_sessions_rep_idx" ON "help_desk_sessions" USING btree ("rep_id","created_at");--> statement-breakpoint
CREATE INDEX "help_desk_sessions_customer_idx" ON "help_desk_sessions" USING btree ("customer_id","created_at");--> statement-breakpoint
ALTER TABLE "push_requests" ADD CONSTRAINT "push_requests_kind_check" CHECK ("push_requests"."kind" in ('signin', 'transfer', 'helpdesk'));