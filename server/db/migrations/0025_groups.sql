CREATE TABLE "broadcast_receipts" (
	"broadcast_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "broadcast_receipts_broadcast_id_user_id_pk" PRIMARY KEY("broadcast_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"en" text,
	"fr" text,
	"crop" text,
	"recipients" integer NOT NULL,
	"sent_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coop_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"date" date NOT NULL,
	"memo_key" text NOT NULL,
	"memo_data" jsonb NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coop_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"account" text NOT NULL,
	"debit" bigint NOT NULL,
	"credit" bigint NOT NULL,
	CONSTRAINT "coop_lines_one_side" CHECK ("coop_lines"."debit" >= 0 and "coop_lines"."credit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "group_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"status" text NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"joined_at" timestamp with time zone,
	CONSTRAINT "group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "group_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"region" text,
	"visibility" text DEFAULT 'members' NOT NULL,
	"crops" text[] DEFAULT '{}'::text[] NOT NULL,
	"levy_tenths" integer DEFAULT 0 NOT NULL,
	"transport_per_ton" bigint DEFAULT 0 NOT NULL,
	"differential_a" bigint DEFAULT 0 NOT NULL,
	"differential_b" bigint DEFAULT 0 NOT NULL,
	"differential_c" bigint DEFAULT 0 NOT NULL,
	"account_user_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_levy_range" CHECK ("groups"."levy_tenths" between 0 and 1000)
);
--> statement-breakpoint
CREATE TABLE "intakes" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"crop" text NOT NULL,
	"grade" text NOT NULL,
	"moisture_tenths" integer,
	"quantity_kg" integer NOT NULL,
	"bags" integer,
	"store_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"date" date NOT NULL,
	"reference" text NOT NULL,
	"reversal_of" integer,
	"reason" text,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_credits" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"repaid" bigint DEFAULT 0 NOT NULL,
	"note" text NOT NULL,
	"date" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_credits_repaid_within" CHECK ("member_credits"."repaid" >= 0 and "member_credits"."repaid" <= "member_credits"."amount")
);
--> statement-breakpoint
CREATE TABLE "settled_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"settlement_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_shares" (
	"settlement_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"delivered" jsonb NOT NULL,
	"gross" bigint NOT NULL,
	"levy" bigint NOT NULL,
	"credit" bigint NOT NULL,
	"transport" bigint NOT NULL,
	"net" bigint NOT NULL,
	"move_id" integer,
	"cash_reference" text,
	"paid_cash_at" timestamp with time zone,
	CONSTRAINT "settlement_shares_settlement_id_member_id_pk" PRIMARY KEY("settlement_id","member_id"),
	CONSTRAINT "settlement_shares_adds_up" CHECK ("settlement_shares"."gross" = "settlement_shares"."levy" + "settlement_shares"."credit" + "settlement_shares"."transport" + "settlement_shares"."net" and "settlement_shares"."levy" >= 0 and "settlement_shares"."credit" >= 0
        and "settlement_shares"."transport" >= 0 and "settlement_shares"."net" >= 0)
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"order_ids" integer[] NOT NULL,
	"lot_ids" integer[] NOT NULL,
	"proceeds" bigint NOT NULL,
	"levy_tenths" integer NOT NULL,
	"transport_per_ton" bigint NOT NULL,
	"prices" jsonb NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_links" ADD COLUMN "kind" text DEFAULT 'agent' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "agent_earns" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "money_moves" ADD COLUMN "pooled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcast_receipts" ADD CONSTRAINT "broadcast_receipts_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_receipts" ADD CONSTRAINT "broadcast_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coop_entries" ADD CONSTRAINT "coop_entries_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coop_lines" ADD CONSTRAINT "coop_lines_entry_id_coop_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."coop_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_comments" ADD CONSTRAINT "group_comments_post_id_group_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."group_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_comments" ADD CONSTRAINT "group_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_posts" ADD CONSTRAINT "group_posts_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_posts" ADD CONSTRAINT "group_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_account_user_id_users_id_fk" FOREIGN KEY ("account_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intakes" ADD CONSTRAINT "intakes_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intakes" ADD CONSTRAINT "intakes_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intakes" ADD CONSTRAINT "intakes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intakes" ADD CONSTRAINT "intakes_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intakes" ADD CONSTRAINT "intakes_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_credits" ADD CONSTRAINT "member_credits_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_credits" ADD CONSTRAINT "member_credits_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_credits" ADD CONSTRAINT "member_credits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settled_orders" ADD CONSTRAINT "settled_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settled_orders" ADD CONSTRAINT "settled_orders_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_shares" ADD CONSTRAINT "settlement_shares_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_shares" ADD CONSTRAINT "settlement_shares_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_shares" ADD CONSTRAINT "settlement_shares_move_id_money_moves_id_fk" FOREIGN KEY ("move_id") REFERENCES "public"."money_moves"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "broadcast_receipts_daily_idx" ON "broadcast_receipts" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "broadcasts_group_idx" ON "broadcasts" USING btree ("group_id","id");--> statement-breakpoint
CREATE INDEX "coop_entries_group_idx" ON "coop_entries" USING btree ("group_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "coop_entries_source_idx" ON "coop_entries" USING btree ("source");--> statement-breakpoint
CREATE INDEX "coop_lines_entry_idx" ON "coop_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "group_comments_post_idx" ON "group_comments" USING btree ("post_id","id");--> statement-breakpoint
CREATE INDEX "group_members_user_idx" ON "group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "group_posts_group_idx" ON "group_posts" USING btree ("group_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_account_idx" ON "groups" USING btree ("account_user_id");--> statement-breakpoint
CREATE INDEX "groups_kind_idx" ON "groups" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "intakes_group_idx" ON "intakes" USING btree ("group_id","id");--> statement-breakpoint
CREATE INDEX "intakes_member_idx" ON "intakes" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "intakes_lot_idx" ON "intakes" USING btree ("lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "intakes_reference_idx" ON "intakes" USING btree ("group_id","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "intakes_reversal_idx" ON "intakes" USING btree ("reversal_of");--> statement-breakpoint
CREATE INDEX "member_credits_member_idx" ON "member_credits" USING btree ("group_id","member_id");--> statement-breakpoint
CREATE INDEX "settlement_shares_member_idx" ON "settlement_shares" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "settlements_group_idx" ON "settlements" USING btree ("group_id","id");