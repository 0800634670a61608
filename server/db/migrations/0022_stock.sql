CREATE TABLE "lot_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"lot_id" integer NOT NULL,
	"kind" text NOT NULL,
	"quantity_kg" integer NOT NULL,
	"reason" text,
	"note" text,
	"other_lot_id" integer,
	"grade" text,
	"moisture_tenths" integer,
	"trade_id" integer,
	"order_id" integer,
	"happened_on" date NOT NULL,
	"by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lot_reservations" (
	"listing_id" integer PRIMARY KEY NOT NULL,
	"lot_id" integer NOT NULL,
	"quantity_kg" integer NOT NULL,
	CONSTRAINT "lot_reservations_kg" CHECK ("lot_reservations"."quantity_kg" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"crop" text NOT NULL,
	"variety" text,
	"grade" text,
	"moisture_tenths" integer,
	"quantity_kg" integer NOT NULL,
	"reserved_kg" integer DEFAULT 0 NOT NULL,
	"deposited_kg" integer NOT NULL,
	"origin_harvest_id" integer,
	"origin_intake_id" integer,
	"parent_lot_id" integer,
	"receipt_number" text,
	"receipt_code" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lots_quantity_never_negative" CHECK ("lots"."quantity_kg" >= 0),
	CONSTRAINT "lots_reserved_within" CHECK ("lots"."reserved_kg" >= 0 and "lots"."reserved_kg" <= "lots"."quantity_kg")
);
--> statement-breakpoint
CREATE TABLE "store_keepers" (
	"store_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"added_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_keepers_store_id_user_id_pk" PRIMARY KEY("store_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"location" text,
	"farm_id" integer,
	"owner_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lot_movements" ADD CONSTRAINT "lot_movements_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_movements" ADD CONSTRAINT "lot_movements_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_reservations" ADD CONSTRAINT "lot_reservations_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_keepers" ADD CONSTRAINT "store_keepers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_keepers" ADD CONSTRAINT "store_keepers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_keepers" ADD CONSTRAINT "store_keepers_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lot_movements_lot_idx" ON "lot_movements" USING btree ("lot_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lot_movements_trade_idx" ON "lot_movements" USING btree ("trade_id","kind") WHERE "lot_movements"."trade_id" is not null;--> statement-breakpoint
CREATE INDEX "lot_reservations_lot_idx" ON "lot_reservations" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "lots_store_idx" ON "lots" USING btree ("store_id","id");--> statement-breakpoint
CREATE INDEX "lots_owner_idx" ON "lots" USING btree ("owner_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lots_receipt_code_idx" ON "lots" USING btree ("receipt_code");--> statement-breakpoint
CREATE UNIQUE INDEX "lots_harvest_idx" ON "lots" USING btree ("origin_harvest_id");--> statement-breakpoint
CREATE INDEX "store_keepers_user_idx" ON "store_keepers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_home_farm_idx" ON "stores" USING btree ("farm_id") WHERE "stores"."kind" = 'home';--> statement-breakpoint
CREATE INDEX "stores_owner_idx" ON "stores" USING btree ("owner_id");