CREATE TABLE "farm_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"farm_id" integer NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"channels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"quiet_start" text,
	"quiet_end" text,
	"time_zone" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbound_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"notification_id" integer,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"body" text,
	"template" text DEFAULT 'notification' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"provider_message_id" text,
	"error" text,
	"via_template" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"key" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"sender" text,
	"text" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_verifications" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"country_code" text NOT NULL,
	"national_number" text NOT NULL,
	"channel" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"sends" integer DEFAULT 1 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verified_phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_via" text;--> statement-breakpoint
ALTER TABLE "farm_alerts" ADD CONSTRAINT "farm_alerts_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD CONSTRAINT "phone_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "farm_alerts_farm_kind_day_idx" ON "farm_alerts" USING btree ("farm_id","kind","day");--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_notification_channel_idx" ON "outbound_messages" USING btree ("notification_id","channel");--> statement-breakpoint
CREATE INDEX "outbound_due_idx" ON "outbound_messages" USING btree ("due_at") WHERE "outbound_messages"."status" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_provider_id_idx" ON "outbound_messages" USING btree ("channel","provider_message_id");--> statement-breakpoint
CREATE INDEX "outbound_user_idx" ON "outbound_messages" USING btree ("user_id","channel","id");--> statement-breakpoint
CREATE INDEX "outbound_unconfirmed_idx" ON "outbound_messages" USING btree ("channel","recipient") WHERE "outbound_messages"."status" = 'unconfirmed';--> statement-breakpoint
CREATE INDEX "provider_events_sender_idx" ON "provider_events" USING btree ("channel","sender","received_at");