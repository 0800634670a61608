// The live event of a change to a farm's crops (plots, plans, tasks, inputs, harvests): its members' open pages
// refetch, and every instance drops the farm's cached pages. Published in the write's transaction, so it is heard
// only if the write commits.
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { farmAudience, farmPagesCache } from '../farms';

/**
 * Runs a write to farms' crops in one transaction; `changed(farmId)` publishes the farm's live event in it. Once it
 * commits, this instance drops those farms' cached pages at once, so the writer's next read sees the write (other
 * instances drop them when they hear the event).
 */
export async function cropsTransaction<T>(
  ctx: AppContext,
  work: (tx: Tx, changed: (farmId: number) => Promise<void>) => Promise<T>,
): Promise<T> {
  const farms = new Set<number>();
  const result = await ctx.db.transaction((tx) =>
    work(tx, async (farmId) => {
      farms.add(farmId);
      await ctx.bus.publish(tx, { type: 'crops', id: farmId }, farmAudience(farmId));
    }),
  );
  for (const farmId of farms) {
    farmPagesCache.of(ctx).drop(farmId);
  }
  return result;
}
