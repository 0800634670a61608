CREATE TABLE "device_cookies" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "device_id" integer;--> statement-breakpoint
ALTER TABLE "device_cookies" ADD CONSTRAINT "device_cookies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_cookies_token_hash_idx" ON "device_cookies" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "device_cookies_user_idx" ON "device_cookies" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_device_id_device_cookies_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device_cookies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_failures_device_idx" ON "login_failures" USING btree ("device_id","created_at");