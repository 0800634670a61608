ALTER TABLE "photos" ADD COLUMN "variant" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "thumb_hash" text;