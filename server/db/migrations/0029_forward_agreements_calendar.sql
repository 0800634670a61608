CREATE TABLE "agreement_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"agreement_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"quantity_kg" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"market_price_cents" integer,
	"deposit_applied_cents" bigint DEFAULT 0 NOT NULL,
	"advance_recovered_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forward_agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"group_id" integer,
	"crop" text NOT NULL,
	"grade" text NOT NULL,
	"quantity_kg" integer NOT NULL,
	"tolerance_percent" integer NOT NULL,
	"pricing_kind" text NOT NULL,
	"price_cents" integer NOT NULL,
	"share_percent" integer,
	"delivery_from" text NOT NULL,
	"delivery_to" text NOT NULL,
	"place" text NOT NULL,
	"deposit_percent" integer NOT NULL,
	"deposit_cents" bigint NOT NULL,
	"advance_cents" bigint DEFAULT 0 NOT NULL,
	"advance_note" text,
	"status" text DEFAULT 'proposed' NOT NULL,
	"turn" text,
	"countered" integer DEFAULT 0 NOT NULL,
	"note" text,
	"plan_id" integer,
	"settled_at" timestamp with time zone,
	"settled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"place_name" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"group_id" integer,
	"organiser_id" integer NOT NULL,
	"capacity" integer,
	"lesson_ids" integer[] DEFAULT '{}' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"minutes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_invitations" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_reminders" (
	"event_id" integer NOT NULL,
	"lead_hours" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_reminders_event_id_lead_hours_pk" PRIMARY KEY("event_id","lead_hours")
);
--> statement-breakpoint
CREATE TABLE "calendar_rsvps" (
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"answer" text,
	"channel" text DEFAULT 'app' NOT NULL,
	"answered_at" timestamp with time zone,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" integer,
	CONSTRAINT "calendar_rsvps_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "money_moves" ADD COLUMN "agreement_id" integer;--> statement-breakpoint
ALTER TABLE "agreement_deliveries" ADD CONSTRAINT "agreement_deliveries_agreement_id_forward_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."forward_agreements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_deliveries" ADD CONSTRAINT "agreement_deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forward_agreements" ADD CONSTRAINT "forward_agreements_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forward_agreements" ADD CONSTRAINT "forward_agreements_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forward_agreements" ADD CONSTRAINT "forward_agreements_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forward_agreements" ADD CONSTRAINT "forward_agreements_plan_id_crop_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."crop_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forward_agreements" ADD CONSTRAINT "forward_agreements_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_organiser_id_users_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_invitations" ADD CONSTRAINT "calendar_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_invitations" ADD CONSTRAINT "calendar_invitations_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_reminders" ADD CONSTRAINT "calendar_reminders_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_rsvps" ADD CONSTRAINT "calendar_rsvps_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_rsvps" ADD CONSTRAINT "calendar_rsvps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_rsvps" ADD CONSTRAINT "calendar_rsvps_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreement_deliveries_agreement_idx" ON "agreement_deliveries" USING btree ("agreement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_deliveries_order_idx" ON "agreement_deliveries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "forward_agreements_buyer_idx" ON "forward_agreements" USING btree ("buyer_id","id");--> statement-breakpoint
CREATE INDEX "forward_agreements_seller_idx" ON "forward_agreements" USING btree ("seller_id","id");--> statement-breakpoint
CREATE INDEX "forward_agreements_status_idx" ON "forward_agreements" USING btree ("status","delivery_to");--> statement-breakpoint
CREATE INDEX "calendar_events_starts_idx" ON "calendar_events" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "calendar_events_group_idx" ON "calendar_events" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_idx" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "calendar_rsvps_user_idx" ON "calendar_rsvps" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "money_moves" ADD CONSTRAINT "money_moves_agreement_id_forward_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."forward_agreements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "money_moves_agreement_pending_idx" ON "money_moves" USING btree ("agreement_id") WHERE kind = 'collection' and status in ('pending', 'waiting') and order_id is null;--> statement-breakpoint
CREATE INDEX "money_moves_agreement_idx" ON "money_moves" USING btree ("agreement_id");