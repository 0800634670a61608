// Lots still drying: what the weather's heavy-rain alert watches besides the crops near harvest.
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { SAFE_GRAIN_MOISTURE } from '../../contract/stock';
import type { Tx } from '../db/client';
import { lots, stores } from './stock.schema';

/**
 * The owner's lots at a farm holding goods wetter than safe storage (SAFE_GRAIN_MOISTURE), moisture in %: those in
 * the farm's home store, and those in stores tied to no farm (where they lie is unknown; the farm's weather is the
 * nearest we have). A lot in another farm's home store is under that farm's weather, not this one's.
 */
export async function wetLotsOf(
  db: Tx,
  ownerId: number,
  farmId: number,
): Promise<{ lotId: number; crop: string; moisture: number }[]> {
  const rows = await db
    .select({ lotId: lots.id, crop: lots.crop, tenths: lots.moistureTenths })
    .from(lots)
    .innerJoin(stores, eq(stores.id, lots.storeId))
    .where(
      and(
        eq(lots.ownerId, ownerId),
        gt(lots.quantityKg, 0),
        sql`${lots.moistureTenths} > ${SAFE_GRAIN_MOISTURE * 10}`,
        or(eq(stores.farmId, farmId), isNull(stores.farmId)),
      ),
    )
    .orderBy(lots.id);
  return rows.map((r) => ({ lotId: r.lotId, crop: r.crop, moisture: (r.tenths ?? 0) / 10 }));
}
