// A farm made for a seller's books: a farmer who sells without a farm gets one, so no sale is left out of the books.
import { CROP_KEYS, type CropKey } from '../../contract/crops';
import type { Tx } from '../db/client';
import type { EventBus } from '../events/bus';
import { farmAudience } from './farm-audience';
import { insertFarm } from './farms.repo';

/** The crop a books farm starts with: the sold commodity when it is a known crop, else the first one. */
function cropFor(commodityName: string): CropKey {
  const key = commodityName
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return CROP_KEYS.find((crop) => crop === key) ?? CROP_KEYS[0];
}

/** Where and how big a farm is, when known (the demo's sellers); a farm made for the books has placeholders. */
export interface FarmSite {
  name: string;
  sizeHa: number;
  latitude: number;
  longitude: number;
  elevation: number;
}

/**
 * Creates the seller's farm, named after them, for their books. Without a site its details are placeholders the
 * owner edits (size 1 ha, location 0,0), with the sold commodity as crop.
 */
export async function insertBooksFarm(
  tx: Tx,
  bus: EventBus,
  owner: { id: number; username: string },
  commodityName: string,
  site: FarmSite = { name: owner.username, sizeHa: 1, latitude: 0, longitude: 0, elevation: 0 },
): Promise<number> {
  const row = await insertFarm(tx, {
    ownerId: owner.id,
    ...site,
    crop: cropFor(commodityName),
    plantingDate: new Date().toISOString().slice(0, 10),
    soilTexture: null,
  });
  await bus.publish(tx, { type: 'farm', id: row.id, userId: owner.id }, farmAudience(row.id));
  return row.id;
}
