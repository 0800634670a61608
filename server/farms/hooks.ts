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

/**
 * What a new farm's crop and planting date become, in its transaction: its first plot and crop plan (filled by the
 * crops module).
 */
export const farmPlanted =
  hook<
    (
      tx: Tx,
      farm: { id: number; ownerId: number; name: string; sizeHa: number; crop: string; plantingDate: string },
    ) => Promise<void>
  >('farms.farmPlanted');

/**
 * What follows an analysis stored for a farm, in its transaction: a plan's calendar gains a spray task when the
 * blight model says to protect (filled by the crops module).
 */
export const analysisStored =
  hook<(tx: Tx, farmId: number, type: string, data: Record<string, unknown>) => Promise<void>>(
    'farms.analysisStored',
  );

/** Whether the user is an agent who represents the farmer now (filled by the agents module). */
export const representsFarmer =
  hook<(db: Tx, agentId: number, farmerId: number) => Promise<boolean>>('farms.representsFarmer');
