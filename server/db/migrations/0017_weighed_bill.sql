ALTER TABLE "disputes" ADD COLUMN "ordered_kg" integer;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "weighed_kg" integer;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "quantity_kg" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "weighed_kg" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pending_weighed_kg" integer;