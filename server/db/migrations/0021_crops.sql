CREATE TABLE "crop_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"farm_id" integer NOT NULL,
	"plot_id" integer NOT NULL,
	"crop" text NOT NULL,
	"variety" text,
	"area_ha" double precision NOT NULL,
	"planting_date" date NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"abandon_reason" text,
	"abandon_note" text,
	"closed_at" timestamp with time zone,
	"calendar" jsonb,
	"target_kg" integer,
	"target_date" date,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crop_plans_area_positive" CHECK ("crop_plans"."area_ha" > 0)
);
--> statement-breakpoint
CREATE TABLE "crop_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"farm_id" integer NOT NULL,
	"plan_id" integer,
	"kind" text NOT NULL,
	"title" text,
	"round" integer,
	"due" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"done_at" date,
	"note" text,
	"assignee_id" integer,
	"recorded_by" integer,
	"reminded_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_harvests" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"date" date NOT NULL,
	"quantity_kg" integer NOT NULL,
	"entered_quantity" double precision NOT NULL,
	"entered_unit" text NOT NULL,
	"grade" text,
	"moisture" double precision,
	"final" boolean DEFAULT false NOT NULL,
	"sold_kg" integer DEFAULT 0 NOT NULL,
	"home_kg" integer DEFAULT 0 NOT NULL,
	"feed_kg" integer DEFAULT 0 NOT NULL,
	"stored_kg" integer DEFAULT 0 NOT NULL,
	"lost_kg" integer DEFAULT 0 NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_harvests_quantity_positive" CHECK ("plan_harvests"."quantity_kg" > 0)
);
--> statement-breakpoint
CREATE TABLE "plan_inputs" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"quantity" double precision,
	"unit" text,
	"date" date NOT NULL,
	"transaction_id" integer NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_money_links" (
	"farm_id" integer NOT NULL,
	"source" text NOT NULL,
	"source_id" integer NOT NULL,
	"plan_id" integer,
	CONSTRAINT "plan_money_links_source_source_id_pk" PRIMARY KEY("source","source_id")
);
--> statement-breakpoint
CREATE TABLE "plots" (
	"id" serial PRIMARY KEY NOT NULL,
	"farm_id" integer NOT NULL,
	"name" text NOT NULL,
	"area_ha" double precision NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plots_area_positive" CHECK ("plots"."area_ha" > 0)
);
--> statement-breakpoint
ALTER TABLE "crop_plans" ADD CONSTRAINT "crop_plans_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crop_plans" ADD CONSTRAINT "crop_plans_plot_id_plots_id_fk" FOREIGN KEY ("plot_id") REFERENCES "public"."plots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crop_plans" ADD CONSTRAINT "crop_plans_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crop_tasks" ADD CONSTRAINT "crop_tasks_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crop_tasks" ADD CONSTRAINT "crop_tasks_plan_id_crop_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."crop_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crop_tasks" ADD CONSTRAINT "crop_tasks_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crop_tasks" ADD CONSTRAINT "crop_tasks_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_harvests" ADD CONSTRAINT "plan_harvests_plan_id_crop_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."crop_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_harvests" ADD CONSTRAINT "plan_harvests_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_inputs" ADD CONSTRAINT "plan_inputs_plan_id_crop_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."crop_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_inputs" ADD CONSTRAINT "plan_inputs_transaction_id_finance_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."finance_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_inputs" ADD CONSTRAINT "plan_inputs_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_money_links" ADD CONSTRAINT "plan_money_links_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_money_links" ADD CONSTRAINT "plan_money_links_plan_id_crop_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."crop_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plots" ADD CONSTRAINT "plots_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crop_plans_farm_idx" ON "crop_plans" USING btree ("farm_id","planting_date");--> statement-breakpoint
CREATE INDEX "crop_plans_plot_idx" ON "crop_plans" USING btree ("plot_id");--> statement-breakpoint
CREATE INDEX "crop_tasks_farm_due_idx" ON "crop_tasks" USING btree ("farm_id","due");--> statement-breakpoint
CREATE INDEX "crop_tasks_plan_idx" ON "crop_tasks" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "crop_tasks_open_due_idx" ON "crop_tasks" USING btree ("due") WHERE "crop_tasks"."status" = 'open';--> statement-breakpoint
CREATE INDEX "plan_harvests_plan_idx" ON "plan_harvests" USING btree ("plan_id","date");--> statement-breakpoint
CREATE INDEX "plan_inputs_plan_idx" ON "plan_inputs" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_inputs_transaction_idx" ON "plan_inputs" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "plan_money_links_plan_idx" ON "plan_money_links" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "plots_farm_idx" ON "plots" USING btree ("farm_id","id");--> statement-breakpoint
-- HAND-WRITTEN START
-- A farm's single crop becomes its first plan, on one plot named after the farm that covers it; the crops module
-- gives such a plan (calendar null) its calendar and its tasks from today on when it starts.
INSERT INTO "plots" ("farm_id", "name", "area_ha")
SELECT "id", "name", "size_ha" FROM "farms" WHERE "size_ha" > 0 ORDER BY "id";
--> statement-breakpoint
INSERT INTO "crop_plans" ("farm_id", "plot_id", "crop", "area_ha", "planting_date", "recorded_by")
SELECT p."farm_id", p."id", f."crop", f."size_ha", f."planting_date", f."owner_id"
FROM "plots" p JOIN "farms" f ON f."id" = p."farm_id" ORDER BY p."id";
-- HAND-WRITTEN END
