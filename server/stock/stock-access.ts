// Who may do what with stock: a store is kept by its owner and its keepers (and a farmer's agent keeps their home
// store for them); a lot is sold by its owner or their agent. Anything the caller may not see is "not found".
import { sql } from 'drizzle-orm';
import { actsFor } from '../agents';
import type { Tx } from '../db/client';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import {
  keepsStore,
  type LotView,
  lotIdIs,
  lotView,
  lotVisibleTo,
  type StoreRow,
  storeById,
} from './stock.repo';

export type Actor = Pick<SessionUser, 'id' | 'role' | 'username'>;

export const lotNotFound = () => new AppError('notFound', 'stock.errors.lotNotFound');
export const storeNotFound = () => new AppError('notFound', 'stock.errors.storeNotFound');

/** The caller may record movements in the store. */
export async function mayKeep(tx: Tx, user: Actor, store: StoreRow): Promise<boolean> {
  if (await keepsStore(tx, store.id, user.id)) {
    return true;
  }
  return store.kind === 'home' && store.ownerId !== null && (await actsFor(tx, user, store.ownerId));
}

/** A store the caller keeps, or 404 (whether it exists or not: a store's existence is not anyone's business). */
export async function keptStore(tx: Tx, user: Actor, storeId: number): Promise<StoreRow> {
  const store = await storeById(tx, storeId);
  if (!store || !(await mayKeep(tx, user, store))) {
    throw storeNotFound();
  }
  return store;
}

/** A lot the caller may see, or 404. */
export async function visibleLot(tx: Tx, user: Actor, lotId: number): Promise<LotView> {
  const lot = await lotView(tx, sql`${lotIdIs(lotId)} and ${lotVisibleTo(user)}`);
  if (!lot) {
    throw lotNotFound();
  }
  return lot;
}
