-- The wrong-password lock counts per (username, client address): failures from elsewhere never
-- lock the owner out (identity/risk/risk.rules.ts). Existing rows become the pair with no known
-- address ('').
ALTER TABLE "password_failures" DROP CONSTRAINT "password_failures_pkey";--> statement-breakpoint
ALTER TABLE "password_failures" ADD COLUMN "ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "password_failures" ADD CONSTRAINT "password_failures_uid_ip_pk" PRIMARY KEY("uid","ip");
