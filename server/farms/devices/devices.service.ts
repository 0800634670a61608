// Device keys of a farm: listing them, making one and revoking it (each announced to the farm's device managers),
// and knowing the device (and its farm) a bearer key belongs to.
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import type { FarmRow } from '../farm-access-cache';
import { farmAudience } from '../farm-audience';
import { findFarm } from '../farms.repo';
import { deviceIdOfKey, keyMatches } from './device-keys';
import {
  createDevice,
  type DeviceRow,
  findDevice,
  listDevices,
  revokeDevice,
  touchDevice,
} from './devices.repo';

/** Creates a device of a farm the route checked for 'farm.devices'; its key is returned here and never again. */
export async function createFarmDevice(
  ctx: AppContext,
  options: { farm: Pick<FarmRow, 'id'>; actor: { id: number }; name: string },
): Promise<{ device: DeviceRow; key: string }> {
  const { farm } = options;
  return ctx.db.transaction(async (tx) => {
    const created = await createDevice(tx, {
      farmId: farm.id,
      name: options.name,
      createdBy: options.actor.id,
    });
    await ctx.bus.publish(
      tx,
      { type: 'farm', id: farm.id },
      farmAudience(farm.id, { action: 'farm.devices' }),
    );
    return created;
  });
}

/** Revokes a device of the farm (already revoked: unchanged, still announced); notFound when the farm has none. */
export async function revokeFarmDevice(
  ctx: AppContext,
  options: { farm: Pick<FarmRow, 'id'>; deviceId: number },
): Promise<DeviceRow> {
  const { farm } = options;
  const revoked = await ctx.db.transaction(async (tx) => {
    const row = await revokeDevice(tx, farm.id, options.deviceId);
    if (row) {
      await ctx.bus.publish(
        tx,
        { type: 'farm', id: farm.id },
        farmAudience(farm.id, { action: 'farm.devices' }),
      );
    }
    return row;
  });
  if (!revoked) {
    throw new AppError('notFound', 'farms.errors.deviceNotFound');
  }
  return revoked;
}

/** The farm's devices, revoked ones included, oldest first. */
export async function devicesOfFarm(ctx: AppContext, farmId: number): Promise<DeviceRow[]> {
  return listDevices(ctx.db, farmId);
}

/** The active device a bearer key belongs to and its farm, or null (unknown, malformed, wrong secret, revoked). */
export async function deviceOfKey(
  ctx: AppContext,
  key: string,
): Promise<{ device: DeviceRow; farm: FarmRow } | null> {
  const id = deviceIdOfKey(key);
  const device = id === null ? null : await findDevice(ctx.db, id);
  const same = keyMatches(device?.keyHash, key);
  if (!device || !same || device.revokedAt !== null) {
    return null;
  }
  const farm = await findFarm(ctx.db, device.farmId);
  return farm ? { device, farm } : null;
}

/** Notes when a device last posted readings (shown in its farm's device list). */
export async function markDeviceUsed(ctx: AppContext, deviceId: number): Promise<void> {
  await touchDevice(ctx.db, deviceId);
}
