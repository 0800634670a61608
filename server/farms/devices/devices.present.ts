// A farm's devices as the API shows them (the key's hint only, dates as ISO text).
import type { TDevice } from '../../../contract/farm-data';
import type { DeviceRow } from './devices.repo';

export function presentDevice(row: DeviceRow): TDevice {
  return {
    id: row.id,
    farmId: row.farmId,
    name: row.name,
    keyHint: row.keyHint,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
