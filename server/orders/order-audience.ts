// Who hears an order's live events: its parties, its current driver and every manager, read as the write commits.
import { sql } from 'drizzle-orm';
import { type Audience, userIdArray } from '../events/audience';

export function orderAudience(order: {
  buyerId: number;
  sellerId: number;
  agentId: number | null;
  driverId?: number | null;
  /** A driver who just lost the delivery (declined or replaced) still hears that it changed. */
  also?: readonly number[];
}): Audience {
  const ids = [
    order.buyerId,
    order.sellerId,
    order.agentId,
    order.driverId ?? null,
    ...(order.also ?? []),
  ].filter((id): id is number => id !== null);
  return { userIdsSql: sql`(${userIdArray(ids)} || array(select id from users where role = 'manager'))` };
}
