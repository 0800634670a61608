// Device ingestion keys: made once and shown once, stored as a SHA-256 hash, checked in constant time, revocable.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { MAX_INT4 } from '../../contract/constants';
import type { Tx } from '../db/client';
import { farmDevices } from './farms.schema';

export type DeviceRow = typeof farmDevices.$inferSelect;

const KEY_PREFIX = 'trd';
// trd_<device id>_<43 characters of base64url secret>
const KEY_PATTERN = /^trd_(\d{1,10})_([A-Za-z0-9_-]{43})$/;

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * A device's key and the hint shown for it later: the prefix, the device id and the first 4 characters of the
 * secret. The secret is base64url, which has `_` in its alphabet, so the hint is cut by position, never at an
 * underscore.
 */
export function deviceKey(deviceId: number, secret: string): { key: string; keyHint: string } {
  const head = `${KEY_PREFIX}_${deviceId}_`;
  return { key: `${head}${secret}`, keyHint: `${head}${secret.slice(0, 4)}…` };
}

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

/** The active device a bearer key belongs to, or null (unknown, malformed, wrong secret or revoked). */
export async function deviceForKey(db: Tx, key: string): Promise<DeviceRow | null> {
  const match = KEY_PATTERN.exec(key);
  const id = match ? Number(match[1]) : Number.NaN;
  if (!match || !Number.isSafeInteger(id) || id > MAX_INT4) {
    return null;
  }
  const [row] = await db.select().from(farmDevices).where(eq(farmDevices.id, id));
  const expected = Buffer.from(row?.keyHash ?? '0'.repeat(64), 'hex');
  const given = Buffer.from(hashKey(key), 'hex');
  const same = expected.length === given.length && timingSafeEqual(expected, given);
  return row && same && row.revokedAt === null ? row : null;
}

export async function touchDevice(db: Tx, deviceId: number): Promise<void> {
  await db.update(farmDevices).set({ lastUsedAt: new Date() }).where(eq(farmDevices.id, deviceId));
}
