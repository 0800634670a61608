// Queries for stores, their keepers and lots. Every change of a lot's quantity is one conditional UPDATE, so two
// writers at once can never take it below zero or reserve more than it holds (the table's checks back this up).
import { and, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../db/client';
import { users } from '../db/schema';
import { lotMovements, lots, storeKeepers, stores } from './stock.schema';

export type StoreRow = typeof stores.$inferSelect;
export type LotRow = typeof lots.$inferSelect;
export type MovementRow = typeof lotMovements.$inferSelect;

/** A lot with what its answer names: its store and its owner's name. */
export interface LotView extends LotRow {
  store: StoreRow;
  ownerName: string;
}

// ---- Stores

export async function insertStore(db: Tx, values: typeof stores.$inferInsert): Promise<StoreRow> {
  const [row] = await db.insert(stores).values(values).returning();
  if (!row) {
    throw new Error('store insert returned nothing');
  }
  return row;
}

export async function storeById(db: Tx, id: number): Promise<StoreRow | null> {
  const [row] = await db.select().from(stores).where(eq(stores.id, id)).limit(1);
  return row ?? null;
}

export async function homeStoreOfFarm(db: Tx, farmId: number): Promise<StoreRow | null> {
  const [row] = await db
    .select()
    .from(stores)
    .where(and(eq(stores.farmId, farmId), eq(stores.kind, 'home')))
    .limit(1);
  return row ?? null;
}

/** A farm's home store, made in this transaction when it has none (two harvests at once make one). */
export async function ensureHomeStore(
  db: Tx,
  values: { farmId: number; ownerId: number; name: string; location: string | null },
): Promise<StoreRow> {
  await db
    .insert(stores)
    .values({ ...values, kind: 'home' })
    .onConflictDoNothing({ target: stores.farmId, where: sql`${stores.kind} = 'home'` });
  const row = await homeStoreOfFarm(db, values.farmId);
  if (!row) {
    throw new Error('home store insert left no store');
  }
  return row;
}

/** Whether the user keeps the store: its owner or one of its keepers. */
export async function keepsStore(db: Tx, storeId: number, userId: number): Promise<boolean> {
  const result = await db.execute(sql`select exists(
      select 1 from stores where id = ${storeId} and owner_id = ${userId}
      union all select 1 from store_keepers where store_id = ${storeId} and user_id = ${userId}) as keeps`);
  return rowsOf<{ keeps: boolean }>(result)[0]?.keeps === true;
}

/** The stores a user owns or keeps, and (for an agent) the home stores of the farmers they represent. */
export async function storesOf(db: Tx, userIds: readonly number[], all: boolean): Promise<StoreRow[]> {
  const kept = db
    .select({ storeId: storeKeepers.storeId })
    .from(storeKeepers)
    .where(inArray(storeKeepers.userId, [...userIds]));
  const mine = all ? undefined : or(inArray(stores.ownerId, [...userIds]), inArray(stores.id, kept));
  return db.select().from(stores).where(mine).orderBy(stores.id);
}

export async function keepersOf(db: Tx, storeIds: readonly number[]) {
  if (storeIds.length === 0) {
    return [];
  }
  return db
    .select({ storeId: storeKeepers.storeId, id: users.id, username: users.username })
    .from(storeKeepers)
    .innerJoin(users, eq(users.id, storeKeepers.userId))
    .where(inArray(storeKeepers.storeId, storeIds))
    .orderBy(users.username);
}

export async function addKeeper(db: Tx, values: typeof storeKeepers.$inferInsert): Promise<void> {
  await db.insert(storeKeepers).values(values).onConflictDoNothing();
}

export async function removeKeeper(db: Tx, storeId: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(storeKeepers)
    .where(and(eq(storeKeepers.storeId, storeId), eq(storeKeepers.userId, userId)))
    .returning({ userId: storeKeepers.userId });
  return rows.length > 0;
}

/** Each store's lots that hold something: how many, and their kilograms by crop (for the value at market). */
export async function storeHoldings(db: Tx, storeIds: readonly number[]) {
  if (storeIds.length === 0) {
    return [];
  }
  return db
    .select({
      storeId: lots.storeId,
      crop: lots.crop,
      lots: sql<number>`count(*)::int`,
      kg: sql<number>`sum(${lots.quantityKg})::int`,
    })
    .from(lots)
    .where(and(inArray(lots.storeId, storeIds), sql`${lots.quantityKg} > 0`))
    .groupBy(lots.storeId, lots.crop);
}

// ---- Lots

export async function insertLot(db: Tx, values: typeof lots.$inferInsert): Promise<LotRow> {
  const [row] = await db.insert(lots).values(values).returning();
  if (!row) {
    throw new Error('lot insert returned nothing');
  }
  return row;
}

export async function setReceipt(db: Tx, lotId: number, receipt: { number: string; code: string }) {
  await db
    .update(lots)
    .set({ receiptNumber: receipt.number, receiptCode: receipt.code })
    .where(eq(lots.id, lotId));
}

const lotViewColumns = { lot: lots, store: stores, ownerName: users.username };

function toView(row: { lot: LotRow; store: StoreRow; ownerName: string }): LotView {
  return { ...row.lot, store: row.store, ownerName: row.ownerName };
}

export async function lotView(db: Tx, where: SQL): Promise<LotView | null> {
  const [row] = await db
    .select(lotViewColumns)
    .from(lots)
    .innerJoin(stores, eq(stores.id, lots.storeId))
    .innerJoin(users, eq(users.id, lots.ownerId))
    .where(where)
    .limit(1);
  return row ? toView(row) : null;
}

export const lotIdIs = (id: number): SQL => eq(lots.id, id);
export const receiptCodeIs = (code: string): SQL => eq(lots.receiptCode, code);

/** A page of lots, newest first, that `visible` lets the caller see, narrowed by the query. */
export async function lotPage(
  db: Tx,
  options: {
    visible: SQL;
    storeId?: number | undefined;
    crop?: string | undefined;
    ownerId?: number | undefined;
    withEmpty: boolean;
    before?: number | undefined;
    limit: number;
  },
): Promise<LotView[]> {
  const filters: SQL[] = [options.visible];
  if (options.storeId !== undefined) {
    filters.push(eq(lots.storeId, options.storeId));
  }
  if (options.crop !== undefined) {
    filters.push(sql`lower(${lots.crop}) = lower(${options.crop})`);
  }
  if (options.ownerId !== undefined) {
    filters.push(eq(lots.ownerId, options.ownerId));
  }
  if (!options.withEmpty) {
    filters.push(sql`${lots.quantityKg} > 0`);
  }
  if (options.before !== undefined) {
    filters.push(lt(lots.id, options.before));
  }
  const rows = await db
    .select(lotViewColumns)
    .from(lots)
    .innerJoin(stores, eq(stores.id, lots.storeId))
    .innerJoin(users, eq(users.id, lots.ownerId))
    .where(and(...filters))
    .orderBy(desc(lots.id))
    .limit(options.limit);
  return rows.map(toView);
}

/**
 * Who may see a lot, as SQL over `lots`: its owner, whoever keeps its store, an agent of its owner; a manager sees
 * every lot.
 */
export function lotVisibleTo(user: { id: number; role: string }): SQL {
  if (user.role === 'manager') {
    return sql`true`;
  }
  return sql`(${lots.ownerId} = ${user.id}
    or ${stores.ownerId} = ${user.id}
    or exists(select 1 from store_keepers k where k.store_id = ${lots.storeId} and k.user_id = ${user.id})
    or exists(select 1 from agent_links al where al.agent_id = ${user.id} and al.farmer_id = ${lots.ownerId}
      and al.status = 'active'))`;
}

/**
 * The same rule for a list: the ids of the caller's lots found through the indexes from the caller (owned, in a
 * store they own or keep, their farmers'), rather than every lot of the app tested one by one, as the test above
 * would be in a list. (For one lot by its id, the test above is cheaper.)
 */
export function lotsListedFor(user: { id: number; role: string }): SQL {
  if (user.role === 'manager') {
    return sql`true`;
  }
  return sql`${lots.id} in (
    select l.id from lots l where l.owner_id = ${user.id}
    union all select l.id from lots l join stores s on s.id = l.store_id where s.owner_id = ${user.id}
    union all select l.id from lots l join store_keepers k on k.store_id = l.store_id where k.user_id = ${user.id}
    union all select l.id from lots l join agent_links al on al.farmer_id = l.owner_id
      where al.agent_id = ${user.id} and al.status = 'active')`;
}

/** The caller's own lots (or a represented farmer's) that hold something: kilograms by crop. */
export async function holdingsOfOwner(db: Tx, ownerId: number) {
  return db
    .select({
      crop: lots.crop,
      lots: sql<number>`count(*)::int`,
      kg: sql<number>`sum(${lots.quantityKg})::int`,
    })
    .from(lots)
    .where(and(eq(lots.ownerId, ownerId), sql`${lots.quantityKg} > 0`))
    .groupBy(lots.crop);
}

// ---- Quantities: one statement each

/** Takes `kg` out of what is free (not listed); null when less is free. */
export async function takeFree(db: Tx, lotId: number, kg: number): Promise<LotRow | null> {
  const [row] = await db
    .update(lots)
    .set({ quantityKg: sql`${lots.quantityKg} - ${kg}` })
    .where(and(eq(lots.id, lotId), sql`${lots.quantityKg} - ${lots.reservedKg} >= ${kg}`))
    .returning();
  return row ?? null;
}

/** Adds `kg` to the lot (a gain, a return). */
export async function addQuantity(db: Tx, lotId: number, kg: number): Promise<LotRow> {
  const [row] = await db
    .update(lots)
    .set({ quantityKg: sql`${lots.quantityKg} + ${kg}` })
    .where(eq(lots.id, lotId))
    .returning();
  if (!row) {
    throw new Error(`lot ${lotId} vanished`);
  }
  return row;
}

/** Changes what is reserved by `deltaKg` (negative frees); null when more would be reserved than is free. */
export async function reserve(db: Tx, lotId: number, deltaKg: number): Promise<LotRow | null> {
  const [row] = await db
    .update(lots)
    .set({ reservedKg: sql`${lots.reservedKg} + ${deltaKg}` })
    .where(and(eq(lots.id, lotId), sql`${lots.quantityKg} - ${lots.reservedKg} >= ${deltaKg}`))
    .returning();
  return row ?? null;
}

/** Sells `kg` of what is reserved: out of the lot and out of its reservations. */
export async function sellReserved(db: Tx, lotId: number, kg: number): Promise<LotRow | null> {
  const [row] = await db
    .update(lots)
    .set({ quantityKg: sql`${lots.quantityKg} - ${kg}`, reservedKg: sql`${lots.reservedKg} - ${kg}` })
    .where(and(eq(lots.id, lotId), sql`${lots.reservedKg} >= ${kg}`))
    .returning();
  return row ?? null;
}

export async function regradeLot(
  db: Tx,
  lotId: number,
  grade: LotRow['grade'],
  moistureTenths: number | null,
) {
  await db.update(lots).set({ grade, moistureTenths }).where(eq(lots.id, lotId));
}

export async function lotRow(db: Tx, lotId: number): Promise<LotRow | null> {
  const [row] = await db.select().from(lots).where(eq(lots.id, lotId)).limit(1);
  return row ?? null;
}

/** The lot, locked until the transaction ends: a keeper's movements on one lot take turns. */
export async function lockLot(db: Tx, lotId: number): Promise<LotRow | null> {
  const [row] = await db.select().from(lots).where(eq(lots.id, lotId)).for('update').limit(1);
  return row ?? null;
}

// ---- Movements

export async function insertMovement(db: Tx, values: typeof lotMovements.$inferInsert): Promise<MovementRow> {
  const [row] = await db.insert(lotMovements).values(values).returning();
  if (!row) {
    throw new Error('movement insert returned nothing');
  }
  return row;
}

/** A lot's movements, newest happening first, with who recorded each and a transfer's other store. */
export async function movementsOf(db: Tx, lotId: number, limit: number) {
  const other = sql<string | null>`(select s.name from lots o join stores s on s.id = o.store_id
    where o.id = ${lotMovements.otherLotId})`;
  return db
    .select({ movement: lotMovements, byName: users.username, otherStore: other })
    .from(lotMovements)
    .leftJoin(users, eq(users.id, lotMovements.byId))
    .where(eq(lotMovements.lotId, lotId))
    .orderBy(desc(lotMovements.happenedOn), desc(lotMovements.id))
    .limit(limit);
}

/** The sale a trade made from a lot, if it sold from one. */
export async function saleOfTrade(db: Tx, tradeId: number): Promise<MovementRow | null> {
  const [row] = await db
    .select()
    .from(lotMovements)
    .where(and(eq(lotMovements.tradeId, tradeId), eq(lotMovements.kind, 'sale')))
    .limit(1);
  return row ?? null;
}

/** A movement of a trade recorded once (a second return of one trade is nothing): null when it was there. */
export async function insertMovementOnce(
  db: Tx,
  values: typeof lotMovements.$inferInsert,
): Promise<MovementRow | null> {
  const [row] = await db.insert(lotMovements).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** The day the lot came in (its first movement, dated when it happened): a receipt's deposit day. */
export async function arrivalDay(db: Tx, lotId: number): Promise<string | null> {
  const [row] = await db
    .select({ day: lotMovements.happenedOn })
    .from(lotMovements)
    .where(eq(lotMovements.lotId, lotId))
    .orderBy(lotMovements.id)
    .limit(1);
  return row?.day ?? null;
}
