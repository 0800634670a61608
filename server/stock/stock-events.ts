// The live event of a change to stock: whoever sees the store or the lot (its owner, the store's owner and keepers,
// an agent of either) refetches. Published in the write's transaction, so it is heard only if the write commits.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { userIdArray } from '../events/audience';
import type { EventBus } from '../events/bus';
import { stockViewsCache } from './stock-views-cache';

/**
 * Everyone who sees a store's lots: its owner and keepers, the owners of lots in it, and their agents; and `also`
 * (a keeper just removed, who no longer does).
 */
function storeAudienceSql(storeId: number, also: readonly number[]) {
  return sql`(${userIdArray(also)} || (with people as (
      select owner_id as id from stores where id = ${storeId}
      union select user_id from store_keepers where store_id = ${storeId}
      union select owner_id from lots where store_id = ${storeId})
    select array(select id from people where id is not null
      union select agent_id from agent_links where status = 'active' and farmer_id in (select id from people))
    ))`;
}

export async function publishStockChange(
  tx: Tx,
  bus: EventBus,
  changed: { storeId: number; also?: readonly number[] },
): Promise<void> {
  await bus.publish(
    tx,
    { type: 'stock', id: changed.storeId },
    { userIdsSql: storeAudienceSql(changed.storeId, changed.also ?? []) },
  );
}

/**
 * A stock write of this module in one transaction (which publishes its event): once it commits, this instance
 * forgets its readers' lists at once, so the writer's next read shows the write (other instances, and this one for
 * the stock written by other modules' transactions, drop them when they hear the event).
 */
export async function stockTransaction<T>(ctx: AppContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  const done = await ctx.db.transaction(work);
  stockViewsCache.of(ctx).drop();
  return done;
}
