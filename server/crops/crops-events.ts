// The live event of a change to a farm's crops (plots, plans, tasks, inputs, harvests): its members' open pages
// refetch. Published in the write's transaction, so it is heard only if the write commits.
import type { Tx } from '../db/client';
import type { EventBus } from '../events/bus';
import { farmAudience } from '../farms';

export async function publishCropsChange(tx: Tx, bus: EventBus, farmId: number): Promise<void> {
  await bus.publish(tx, { type: 'crops', id: farmId }, farmAudience(farmId));
}
