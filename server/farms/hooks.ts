// What farms need from modules above them, declared here and filled by those modules' definitions.
import type { Tx } from '../db/client';
import type { EventBus } from '../events/bus';
import { hook } from '../module';

/**
 * What follows a farm's creation, in its transaction after its announcement: the books take the owner's trades that
 * waited for a farm (filled by the orders module, with what each trade's order was paid).
 */
export const farmCreated =
  hook<(tx: Tx, bus: EventBus, farm: { id: number; ownerId: number }) => Promise<void>>('farms.farmCreated');
