// Who hears an order's live events: its parties, its current driver and every manager, read as the write commits.
import { sql } from 'drizzle-orm';
import { agentLinkedSql } from '../agents';
import { type Audience, managersSql, userIdArray } from '../events/audience';

export function orderAudience(order: {
  buyerId: number;
  sellerId: number;
  agentId: number | null;
  driverId?: number | null;
  /** A driver who just lost the delivery (declined or replaced) still hears that it changed. */
  also?: readonly number[];
}): Audience {
  const ids = [order.buyerId, order.sellerId, order.driverId ?? null, ...(order.also ?? [])].filter(
    (id): id is number => id !== null,
  );
  // The order's agent hears it only while their link with the seller stands, read in the committing statement.
  const agent =
    order.agentId === null
      ? sql`array[]::int[]`
      : sql`(case when ${agentLinkedSql(sql`${order.agentId}::int`, sql`${order.sellerId}::int`)}
          then array[${order.agentId}::int] else array[]::int[] end)`;
  return {
    userIdsSql: sql`(${userIdArray(ids)} || ${agent} || ${managersSql})`,
  };
}
