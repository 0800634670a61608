// Stores: a farmer's home store (one per farm, made by the first harvest kept if not before), and the shared stores
// (a co-operative's or a warehouse) an operator opens and names keepers for. Each answers its holdings at market.
import type { z } from 'zod';
import type { ZStoreInput } from '../../contract/stock';
import { actsFor, representedFarmerIds } from '../agents';
import { findUserById } from '../auth';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { isFarmOwnedBy } from '../farms';
import type { SessionUser } from '../http/access';
import { AppError, conflict } from '../http/errors';
import { can } from '../http/permissions';
import {
  addKeeper,
  homeStoreOfFarm,
  insertStore,
  keepersOf,
  removeKeeper,
  type StoreRow,
  storeById,
  storeHoldings,
  storesOf,
} from './stock.repo';
import { type Actor, storeNotFound } from './stock-access';
import { publishStockChange, stockTransaction } from './stock-events';
import { quotesFor, worthOf } from './stock-value';
import { type StoreBase, stockViewsCache } from './stock-views-cache';

export interface StoreView {
  store: StoreRow;
  ownerName: string | null;
  keepers: { id: number; username: string }[];
  keeps: boolean;
  lots: number;
  kg: number;
  valueCents: number;
  unpriced: number;
}

/** Opens a store: a home store on a farm the caller owns (or farms for, as its agent); a shared one by an operator. */
export async function createStore(
  ctx: AppContext,
  user: SessionUser,
  input: z.output<typeof ZStoreInput>,
): Promise<StoreView> {
  const store = await stockTransaction(ctx, async (tx) => {
    let ownerId = user.id;
    if (input.kind === 'home') {
      ownerId = await homeStoreOwner(tx, user, input.farmId);
      if (input.farmId !== undefined && (await homeStoreOfFarm(tx, input.farmId))) {
        throw conflict('stock.errors.homeStoreExists');
      }
    } else if (!can(user.role, 'stores.openShared')) {
      throw new AppError('forbidden', 'stock.errors.storeKindForbidden');
    }
    const row = await insertStore(tx, {
      name: input.name,
      kind: input.kind,
      location: input.location ?? null,
      farmId: input.kind === 'home' ? (input.farmId ?? null) : null,
      ownerId,
    });
    await publishStockChange(tx, ctx.bus, { storeId: row.id });
    return row;
  });
  return (await storeViews(ctx, ctx.db, user, [store]))[0] as StoreView;
}

/** Whose a new home store is: the farm's owner, when the caller is them or their agent. */
async function homeStoreOwner(tx: Tx, user: Actor, farmId: number | undefined): Promise<number> {
  if (farmId === undefined) {
    // A home store is a farmer's: an agent names the farmer's farm; a buyer or a driver keeps no home store.
    if (user.role === 'agent') {
      throw new AppError('badRequest', 'stock.errors.homeStoreFarm', {}, {}, ['farmId']);
    }
    if (user.role !== 'farmer') {
      throw new AppError('forbidden', 'stock.errors.storeKindForbidden');
    }
    return user.id;
  }
  if (await isFarmOwnedBy(tx, farmId, user.id)) {
    return user.id;
  }
  for (const farmerId of user.role === 'agent' ? await representedFarmerIds(tx, user.id) : []) {
    if (await isFarmOwnedBy(tx, farmId, farmerId)) {
      return farmerId;
    }
  }
  throw new AppError('notFound', 'stock.errors.homeStoreFarm', {}, {}, ['farmId']);
}

/** The stores the caller owns or keeps (an agent: also those of the farmers they represent; a manager: all). */
export async function listStores(ctx: AppContext, user: SessionUser): Promise<StoreView[]> {
  const bases = await stockViewsCache.of(ctx).storesOf(user, async () => {
    const people = [user.id, ...(user.role === 'agent' ? await representedFarmerIds(ctx.db, user.id) : [])];
    return storeBases(ctx.db, user, await storesOf(ctx.db, people, user.role === 'manager'));
  });
  return valued(ctx, bases);
}

/** Adds a keeper to a store: its owner or an operator names them. */
export async function changeKeepers(
  ctx: AppContext,
  user: SessionUser,
  change: { storeId: number; userId: number; remove: boolean },
): Promise<StoreView> {
  const store = await stockTransaction(ctx, async (tx) => {
    const row = await storeById(tx, change.storeId);
    const manages =
      row !== null && (can(user.role, 'stores.openShared') || (await actsFor(tx, user, row.ownerId ?? 0)));
    if (!row || !manages) {
      throw storeNotFound();
    }
    if (change.remove) {
      if (!(await removeKeeper(tx, row.id, change.userId))) {
        throw new AppError('notFound', 'stock.errors.keeperNotFound');
      }
    } else {
      if (!(await findUserById(tx, change.userId))) {
        throw new AppError('notFound', 'stock.errors.keeperNotFound', {}, {}, ['userId']);
      }
      await addKeeper(tx, { storeId: row.id, userId: change.userId, addedBy: user.id });
    }
    await publishStockChange(tx, ctx.bus, { storeId: row.id });
    return row;
  });
  return (await storeViews(ctx, ctx.db, user, [store]))[0] as StoreView;
}

/** Stores as answered: keepers, whether the caller keeps each, and their holdings valued at today's prices. */
export async function storeViews(
  ctx: AppContext,
  db: Tx,
  user: SessionUser,
  rows: readonly StoreRow[],
): Promise<StoreView[]> {
  return valued(ctx, await storeBases(db, user, rows));
}

/** Each store with its owner's name, its keepers, whether the reader keeps it and what it holds of each crop. */
async function storeBases(db: Tx, user: SessionUser, rows: readonly StoreRow[]): Promise<StoreBase[]> {
  const ids = rows.map((r) => r.id);
  const [keepers, holdings] = [await keepersOf(db, ids), await storeHoldings(db, ids)];
  const bases: StoreBase[] = [];
  for (const store of rows) {
    const storeKeepers = keepers
      .filter((k) => k.storeId === store.id)
      .map(({ id, username }) => ({ id, username }));
    const owner = store.ownerId === null ? null : await findUserById(db, store.ownerId);
    bases.push({
      store,
      ownerName: owner?.username ?? null,
      keepers: storeKeepers,
      keeps:
        store.ownerId === user.id ||
        storeKeepers.some((k) => k.id === user.id) ||
        (store.kind === 'home' && store.ownerId !== null && (await actsFor(db, user, store.ownerId))),
      holdings: holdings
        .filter((h) => h.storeId === store.id)
        .map(({ crop, kg, lots }) => ({ crop, kg, lots })),
    });
  }
  return bases;
}

/** Each store with its worth at today's prices. */
async function valued(ctx: AppContext, bases: readonly StoreBase[]): Promise<StoreView[]> {
  const quotes = await quotesFor(
    ctx,
    bases.flatMap((b) => b.holdings.map((h) => h.crop)),
  );
  return bases.map(({ holdings, ...base }) => {
    const value = worthOf(holdings, quotes);
    return {
      ...base,
      lots: holdings.reduce((n, h) => n + h.lots, 0),
      kg: holdings.reduce((n, h) => n + h.kg, 0),
      valueCents: value.cents,
      unpriced: value.unpriced,
    };
  });
}
