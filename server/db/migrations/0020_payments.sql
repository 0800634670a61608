CREATE TABLE "money_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"previous_references" text[] DEFAULT '{}'::text[] NOT NULL,
	"phone" text,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"stage" text DEFAULT 'start' NOT NULL,
	"failure_reason" text,
	"detail" text,
	"transaction_id" text,
	"payment_url" text,
	"pay_token" text,
	"notif_token" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"deadline_at" timestamp with time zone,
	"method" text DEFAULT 'mobile_money' NOT NULL,
	"hand_reference" text,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"move_id" integer,
	"memo" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"account" text NOT NULL,
	"debit_cents" bigint NOT NULL,
	"credit_cents" bigint NOT NULL,
	"order_id" integer
);
--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "move_id" integer;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "move_id" integer;--> statement-breakpoint
ALTER TABLE "money_moves" ADD CONSTRAINT "money_moves_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_moves" ADD CONSTRAINT "money_moves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_moves" ADD CONSTRAINT "money_moves_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_entries" ADD CONSTRAINT "operator_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_entries" ADD CONSTRAINT "operator_entries_move_id_money_moves_id_fk" FOREIGN KEY ("move_id") REFERENCES "public"."money_moves"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_lines" ADD CONSTRAINT "operator_lines_entry_id_operator_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."operator_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "money_moves_reference_idx" ON "money_moves" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "money_moves_due_idx" ON "money_moves" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "money_moves_order_idx" ON "money_moves" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "money_moves_one_pending_idx" ON "money_moves" USING btree ("order_id") WHERE kind = 'collection' and status in ('pending', 'waiting');--> statement-breakpoint
CREATE UNIQUE INDEX "money_moves_released_once_idx" ON "money_moves" USING btree ("order_id","kind") WHERE kind in ('seller', 'agent');--> statement-breakpoint
CREATE INDEX "operator_entries_order_idx" ON "operator_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "operator_lines_order_idx" ON "operator_lines" USING btree ("order_id","account");--> statement-breakpoint
CREATE INDEX "operator_lines_entry_idx" ON "operator_lines" USING btree ("entry_id");--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_move_id_money_moves_id_fk" FOREIGN KEY ("move_id") REFERENCES "public"."money_moves"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_move_id_money_moves_id_fk" FOREIGN KEY ("move_id") REFERENCES "public"."money_moves"("id") ON DELETE no action ON UPDATE no action;