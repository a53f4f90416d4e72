-- UNLOGGED (written by hand: drizzle-kit has no word for it): counters need no crash safety,
-- a crash only resets them, and skipping the WAL makes a hit ~7x cheaper on PostgreSQL.
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_idx" ON "rate_limit_counters" USING btree ("window_ends_at");