CREATE TABLE "retail_shop_exchanges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retail_shop_exchanges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"step" text NOT NULL,
	"exchange" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "retail_shop_exchanges_order_idx" ON "retail_shop_exchanges" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "retail_shop_exchanges_created_idx" ON "retail_shop_exchanges" USING btree ("created_at");