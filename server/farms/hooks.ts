// What farms need from modules above them, declared here and filled by those modules' definitions.
import type { WeatherSource } from '../../contract/weather';
import type { Tx } from '../db/client';
import type { EventBus } from '../events/bus';
import { hook } from '../module';
import type { ReadingInput } from './agronomy/types';

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

/** Before a farm's size changes, in its transaction: refused (409) when its plots take more (filled by crops). */
export const farmResizing =
  hook<(tx: Tx, farmId: number, sizeHa: number) => Promise<void>>('farms.farmResizing');

/** The provider's weather of a farm as readings, for its analyses (filled by the weather module). */
export interface ProviderWeather {
  /** Sorted by time. */
  readings: ReadingInput[];
  source: WeatherSource;
  gridDegrees: number;
}

/**
 * The provider's weather of a farm's grid cell from `from` to `to` as readings; null when the cell has none
 * (filled by the weather module).
 */
export const providerWeather =
  hook<(db: Tx, farmId: number, from: Date, to: Date) => Promise<ProviderWeather | null>>(
    'farms.providerWeather',
  );
