// Device commands: making a farm's device key and revoking it, each announced to the farm's device managers.
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { createDevice, type DeviceRow, revokeDevice } from './devices';
import type { FarmRow } from './farm-access-cache';
import { farmAudience } from './farm-audience';

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
