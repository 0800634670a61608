// Farm commands: creating a farm (its owner's membership and pending trades with it) and editing its details.
import type { z } from 'zod';
import type { ZFarmInput, ZFarmUpdate } from '../../contract/farms';
import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import type { FarmRow } from './farm-access-cache';
import { farmAccessCache } from './farm-access-cache';
import { farmAudience } from './farm-audience';
import { farmPagesCache } from './farm-pages-cache';
import { insertFarm, updateFarm } from './farms.repo';
import { farmCreated, farmPlanted } from './hooks';

/** Creates a farm owned by `actor`, announces it, and lets the modules that wait for it act (`farmCreated`). */
export async function createFarm(
  ctx: AppContext,
  options: { actor: Pick<SessionUser, 'id'>; input: z.output<typeof ZFarmInput> },
): Promise<FarmRow> {
  const { actor, input } = options;
  return ctx.db.transaction(async (tx) => {
    const row = await insertFarm(tx, {
      ownerId: actor.id,
      name: input.name,
      sizeHa: input.size,
      latitude: input.latitude,
      longitude: input.longitude,
      elevation: input.elevation,
      crop: input.crop,
      plantingDate: input.plantingDate,
      soilTexture: input.soilTexture ?? null,
    });
    await ctx.bus.publish(tx, { type: 'farm', id: row.id, userId: actor.id }, farmAudience(row.id));
    await farmCreated.call(tx, ctx.bus, { id: row.id, ownerId: actor.id });
    await farmPlanted.call(tx, row);
    return row;
  });
}

/** Changes the details of a farm the route checked for 'farm.update'. */
export async function updateFarmDetails(
  ctx: AppContext,
  options: { farm: Pick<FarmRow, 'id'>; input: z.output<typeof ZFarmUpdate> },
): Promise<FarmRow> {
  const { size, ...rest } = options.input;
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await updateFarm(tx, options.farm.id, {
      ...rest,
      ...(size === undefined ? {} : { sizeHa: size }),
    });
    if (updated) {
      // Members' open pages, and every instance's cached farm pages and access (crop, size and place feed analytics).
      await ctx.bus.publish(tx, { type: 'farm', id: updated.id }, farmAudience(updated.id));
    }
    return updated;
  });
  if (!row) {
    throw new AppError('notFound', 'errors.farmNotFound');
  }
  farmPagesCache.of(ctx).drop(row.id);
  farmAccessCache.of(ctx).drop(row.id);
  return row;
}
