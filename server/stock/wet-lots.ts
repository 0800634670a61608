// Lots still drying: what the weather's heavy-rain alert watches besides the crops near harvest.
import { and, eq, gt, sql } from 'drizzle-orm';
import { SAFE_GRAIN_MOISTURE } from '../../contract/stock';
import type { Tx } from '../db/client';
import { lots } from './stock.schema';

/** The owner's lots holding goods wetter than safe storage (SAFE_GRAIN_MOISTURE), moisture in %. */
export async function wetLotsOf(
  db: Tx,
  ownerId: number,
): Promise<{ lotId: number; crop: string; moisture: number }[]> {
  const rows = await db
    .select({ lotId: lots.id, crop: lots.crop, tenths: lots.moistureTenths })
    .from(lots)
    .where(
      and(
        eq(lots.ownerId, ownerId),
        gt(lots.quantityKg, 0),
        sql`${lots.moistureTenths} > ${SAFE_GRAIN_MOISTURE * 10}`,
      ),
    )
    .orderBy(lots.id);
  return rows.map((r) => ({ lotId: r.lotId, crop: r.crop, moisture: (r.tenths ?? 0) / 10 }));
}
