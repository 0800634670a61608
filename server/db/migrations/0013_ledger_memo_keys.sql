ALTER TABLE "journal_entries" ADD COLUMN "memo_key" text;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "memo_data" jsonb;