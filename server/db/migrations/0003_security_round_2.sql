CREATE TABLE "commodity_request_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"commodity_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commodity_requests" DROP CONSTRAINT "commodity_requests_answered_by_commodity_id_commodities_id_fk";
--> statement-breakpoint
ALTER TABLE "trades" ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_skeleton" text GENERATED ALWAYS AS (replace(replace(lower(translate(username, 'I10O', 'lloo')), 'rn', 'm'), 'vv', 'w')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "commodity_request_answers" ADD CONSTRAINT "commodity_request_answers_request_id_commodity_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."commodity_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodity_request_answers" ADD CONSTRAINT "commodity_request_answers_commodity_id_commodities_id_fk" FOREIGN KEY ("commodity_id") REFERENCES "public"."commodities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodity_request_answers" ADD CONSTRAINT "commodity_request_answers_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commodity_request_answers_seller_idx" ON "commodity_request_answers" USING btree ("request_id","seller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "commodity_request_answers_commodity_idx" ON "commodity_request_answers" USING btree ("commodity_id");--> statement-breakpoint
-- Accounts that already look alike keep working: each later one gets its id appended, so the names differ.
UPDATE "users" u SET "username" = u."username" || '-' || u."id", "username_key" = u."username_key" || '-' || u."id"
WHERE EXISTS (SELECT 1 FROM "users" e WHERE e."username_skeleton" = u."username_skeleton" AND e."id" < u."id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_skeleton_idx" ON "users" USING btree ("username_skeleton");--> statement-breakpoint
-- The one answer a request could hold so far becomes its first answer.
INSERT INTO "commodity_request_answers" ("request_id", "commodity_id", "seller_id", "created_at")
SELECT r."id", c."id", c."owner_id", c."created_at"
FROM "commodity_requests" r JOIN "commodities" c ON c."id" = r."answered_by_commodity_id";--> statement-breakpoint
ALTER TABLE "commodity_requests" DROP COLUMN "answered_by_commodity_id";