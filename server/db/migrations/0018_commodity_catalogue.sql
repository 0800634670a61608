CREATE TABLE "commodity_kind_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"requested_by" integer NOT NULL,
	"name" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commodity_kinds" (
	"key" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_fr" text NOT NULL,
	"synonyms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"grades" jsonb NOT NULL,
	"units" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"market_key" text NOT NULL,
	"threshold_cents" integer NOT NULL,
	"last_side" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "market_key" text;--> statement-breakpoint
ALTER TABLE "commodity_kind_requests" ADD CONSTRAINT "commodity_kind_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commodity_kind_requests_time_idx" ON "commodity_kind_requests" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "price_alerts_user_market_threshold_idx" ON "price_alerts" USING btree ("user_id","market_key","threshold_cents");--> statement-breakpoint
CREATE INDEX "price_alerts_market_idx" ON "price_alerts" USING btree ("market_key");