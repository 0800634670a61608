// Queries for device ingestion keys: a device is stored with its key's hash and hint, listed, revoked, touched.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { farmDevices } from '../farms.schema';
import { deviceKey, hashKey } from './device-keys';

export type DeviceRow = typeof farmDevices.$inferSelect;

/** Creates a device and its key; the key is returned here and never again. */
export async function createDevice(
  db: Tx,
  options: { farmId: number; name: string; createdBy: number },
): Promise<{ device: DeviceRow; key: string }> {
  // The id is part of the key, so insert first with a placeholder hash, then set the real one.
  const [row] = await db
    .insert(farmDevices)
    .values({
      farmId: options.farmId,
      name: options.name,
      createdBy: options.createdBy,
      keyHash: '',
      keyHint: '',
    })
    .returning();
  if (!row) {
    throw new Error('device insert returned nothing');
  }
  const { key, keyHint } = deviceKey(row.id, randomBytes(32).toString('base64url'));
  const [device] = await db
    .update(farmDevices)
    .set({ keyHash: hashKey(key), keyHint })
    .where(eq(farmDevices.id, row.id))
    .returning();
  if (!device) {
    throw new Error('device update returned nothing');
  }
  return { device, key };
}

export async function listDevices(db: Tx, farmId: number): Promise<DeviceRow[]> {
  return db.select().from(farmDevices).where(eq(farmDevices.farmId, farmId)).orderBy(asc(farmDevices.id));
}

/** Revokes a device of the farm; null when the farm has no such device. */
export async function revokeDevice(db: Tx, farmId: number, deviceId: number): Promise<DeviceRow | null> {
  const [row] = await db
    .update(farmDevices)
    .set({ revokedAt: new Date() })
    .where(and(eq(farmDevices.id, deviceId), eq(farmDevices.farmId, farmId), isNull(farmDevices.revokedAt)))
    .returning();
  if (row) {
    return row;
  }
  const [existing] = await db
    .select()
    .from(farmDevices)
    .where(and(eq(farmDevices.id, deviceId), eq(farmDevices.farmId, farmId)));
  return existing ?? null;
}

/** Revokes the farm's active devices a user made: a member who leaves keeps no key to the farm. */
export async function revokeDevicesCreatedBy(db: Tx, farmId: number, userId: number): Promise<number> {
  const rows = await db
    .update(farmDevices)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(farmDevices.farmId, farmId), eq(farmDevices.createdBy, userId), isNull(farmDevices.revokedAt)),
    )
    .returning({ id: farmDevices.id });
  return rows.length;
}

/** The device with this id, revoked or not; null when there is none. */
export async function findDevice(db: Tx, deviceId: number): Promise<DeviceRow | null> {
  const [row] = await db.select().from(farmDevices).where(eq(farmDevices.id, deviceId));
  return row ?? null;
}

export async function touchDevice(db: Tx, deviceId: number): Promise<void> {
  await db.update(farmDevices).set({ lastUsedAt: new Date() }).where(eq(farmDevices.id, deviceId));
}
