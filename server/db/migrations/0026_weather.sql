CREATE TABLE "weather_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"farm_id" integer NOT NULL,
	"kind" text NOT NULL,
	"plan_id" integer DEFAULT 0 NOT NULL,
	"lot_id" integer DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	"sent_on" date NOT NULL,
	"alert" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weather_alerts_ids" CHECK ("weather_alerts"."plan_id" >= 0 and "weather_alerts"."lot_id" >= 0)
);
--> statement-breakpoint
CREATE TABLE "weather_cells" (
	"id" serial PRIMARY KEY NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"source" text DEFAULT 'open-meteo' NOT NULL,
	"utc_offset_seconds" integer DEFAULT 0 NOT NULL,
	"history_from" date,
	"fetched_at" timestamp with time zone,
	"next_fetch_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weather_hours" (
	"cell_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"temperature" double precision,
	"humidity" double precision,
	"wind" double precision,
	"radiation" double precision,
	"rain" double precision,
	"et0" double precision,
	CONSTRAINT "weather_hours_cell_id_ts_pk" PRIMARY KEY("cell_id","ts")
);
--> statement-breakpoint
ALTER TABLE "weather_alerts" ADD CONSTRAINT "weather_alerts_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_hours" ADD CONSTRAINT "weather_hours_cell_id_weather_cells_id_fk" FOREIGN KEY ("cell_id") REFERENCES "public"."weather_cells"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "weather_alerts_once" ON "weather_alerts" USING btree ("farm_id","kind","plan_id","lot_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "weather_alerts_daily" ON "weather_alerts" USING btree ("farm_id","sent_on");--> statement-breakpoint
CREATE UNIQUE INDEX "weather_cells_position" ON "weather_cells" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "weather_cells_due" ON "weather_cells" USING btree ("next_fetch_at");