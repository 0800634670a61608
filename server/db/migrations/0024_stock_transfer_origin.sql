DROP INDEX "lots_harvest_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "lots_harvest_idx" ON "lots" USING btree ("origin_harvest_id") WHERE "lots"."parent_lot_id" is null;