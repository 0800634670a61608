ALTER TABLE "deliveries" ADD COLUMN "from_place" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "from_latitude" double precision;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "from_longitude" double precision;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "to_place" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "to_latitude" double precision;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "to_longitude" double precision;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "window_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "window_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "fee_cents" bigint;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "fee_paid_by" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "fee_entry_id" integer;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "deliveries_driver_delivered_idx" ON "deliveries" USING btree ("driver_id","delivered_at");