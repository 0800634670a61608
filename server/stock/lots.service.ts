// Lots: opening stock recorded by whoever keeps the store (for its owner or a depositor), a harvest's stored part,
// the caller's lots page by page, one lot with its movements and the "sell now or store?" hint, and its photos.
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { TPhotoUpload } from '../../contract/photos';
import type { ZLotInput, ZLotQuery } from '../../contract/stock';
import { actsFor, checkFarmerFilter } from '../agents';
import { findUserById } from '../auth';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { SessionUser } from '../http/access';
import { AppError, forbidden } from '../http/errors';
import { paginate } from '../http/pagination';
import { type PhotoPair, photoPairsOf, sendPhoto, storePhotoPairs } from '../photos';
import { issueReceiptIfDeposit } from './receipts.service';
import { reservationsOfLot } from './reservations.repo';
import {
  holdingsOfOwner,
  insertLot,
  insertMovement,
  type LotView,
  lockLot,
  lotPage,
  lotsListedFor,
  movementsOf,
} from './stock.repo';
import { type Actor, keptStore, mayKeep, visibleLot } from './stock-access';
import { checkHappenedOn } from './stock-dates';
import { publishStockChange, stockTransaction } from './stock-events';
import { quotesFor, worthOf } from './stock-value';
import { type LotBase, type LotsPage, stockViewsCache } from './stock-views-cache';
import { storageHint } from './storage-hint';

/** How many movements a lot's page shows (newest first): a season of a busy lot. */
export const LOT_MOVEMENTS_SHOWN = 200;

/** A lot as answered: with its rights, photos, value and receipt. */
export interface LotAnswer {
  lot: LotView;
  photos: PhotoPair[];
  valueCents: number | null;
  priceCents: number | null;
  asOf: string | null;
  canMove: boolean;
  canSell: boolean;
}

/**
 * Records stock that was there before (opening stock) in a store the caller keeps: theirs, or a depositor's (a
 * keeper of a shared store), or a represented farmer's in their home store. A deposit gets a receipt.
 */
export async function createLot(
  ctx: AppContext,
  user: SessionUser,
  input: z.output<typeof ZLotInput>,
): Promise<LotAnswer> {
  const happenedOn = checkHappenedOn(input.date);
  const lot = await stockTransaction(ctx, async (tx) => {
    const store = await keptStore(tx, user, input.storeId);
    const ownerId =
      input.ownerId ?? (store.kind === 'home' && store.ownerId !== null ? store.ownerId : user.id);
    if (ownerId !== user.id && !(await mayHoldFor(tx, user, store.kind, ownerId))) {
      throw forbidden('stock.errors.notOwner');
    }
    const row = await insertLot(tx, {
      storeId: store.id,
      ownerId,
      crop: input.crop,
      variety: input.variety ?? null,
      grade: input.grade,
      moistureTenths: tenths(input.moisture),
      quantityKg: input.quantity,
      depositedKg: input.quantity,
      createdBy: user.id,
    });
    await insertMovement(tx, {
      lotId: row.id,
      kind: 'in',
      quantityKg: input.quantity,
      happenedOn,
      byId: user.id,
    });
    await storePhotoPairs(tx, ctx, {
      ownerKind: 'lot',
      ownerId: row.id,
      uploadedBy: user.id,
      photos: input.photos,
    });
    await issueReceiptIfDeposit(ctx, tx, { lot: row, store, happenedOn });
    await publishStockChange(tx, ctx.bus, { storeId: store.id });
    return row;
  });
  return answerOf(ctx, user, lot.id);
}

/** A keeper of a shared store holds for any depositor who exists; an agent for the farmers they represent. */
async function mayHoldFor(tx: Tx, user: Actor, storeKind: string, ownerId: number): Promise<boolean> {
  if (storeKind !== 'home') {
    if (!(await findUserById(tx, ownerId))) {
      throw new AppError('notFound', 'stock.errors.depositorNotFound', {}, {}, ['ownerId']);
    }
    return true;
  }
  return actsFor(tx, user, ownerId);
}

export const tenths = (percent: number | undefined | null): number | null =>
  percent === undefined || percent === null ? null : Math.round(percent * 10);

/** The lots the caller sees, newest first, one page; their values at today's prices. */
export async function listLots(ctx: AppContext, user: SessionUser, query: z.output<typeof ZLotQuery>) {
  const read = async (): Promise<LotsPage> => {
    await checkFarmerFilter(ctx.db, user, query.owner);
    const rows = await lotPage(ctx.db, {
      visible: lotsListedFor(user),
      storeId: query.store,
      crop: query.crop,
      ownerId: query.owner,
      withEmpty: query.empty === 'include',
      before: query.cursor,
      limit: query.limit + 1,
    });
    const page = paginate(rows, query.limit, (lot) => lot.id);
    return { lots: await lotBases(ctx.db, user, page.items), next: page.next };
  };
  // The first page (what every stock screen opens with) is kept per reader; later pages are read as asked.
  const page =
    query.cursor === undefined ? await stockViewsCache.of(ctx).firstLots(user, query, read) : await read();
  return { answers: await priced(ctx, page.lots), next: page.next };
}

/** One lot the caller sees, answered (404 otherwise). */
export async function answerOf(ctx: AppContext, user: Actor, lotId: number): Promise<LotAnswer> {
  const lot = await visibleLot(ctx.db, user, lotId);
  return (await priced(ctx, await lotBases(ctx.db, user, [lot])))[0] as LotAnswer;
}

/** What the reader may do with each lot, and its photos. */
async function lotBases(db: Tx, user: Actor, lots: readonly LotView[]): Promise<LotBase[]> {
  const photos = await photoPairsOf(
    db,
    'lot',
    lots.map((l) => l.id),
  );
  const bases: LotBase[] = [];
  for (const lot of lots) {
    bases.push({
      lot,
      photos: photos.get(lot.id) ?? [],
      canMove: await mayKeep(db, user, lot.store),
      canSell: await actsFor(db, user, lot.ownerId),
    });
  }
  return bases;
}

/** Each lot with its worth at today's price of its crop. */
async function priced(ctx: AppContext, bases: readonly LotBase[]): Promise<LotAnswer[]> {
  const quotes = await quotesFor(
    ctx,
    bases.map((b) => b.lot.crop),
  );
  return bases.map((base) => {
    const quote = quotes.get(base.lot.crop);
    const price = quote?.priceCents ?? null;
    return {
      ...base,
      priceCents: price,
      asOf: quote?.asOf ?? null,
      valueCents:
        price === null
          ? null
          : worthOf([{ crop: base.lot.crop, kg: base.lot.quantityKg, lots: 1 }], quotes).cents,
    };
  });
}

/** A lot's page: the lot, its movements, the listings drawing on it, and the hint from the market's history. */
export async function lotDetail(ctx: AppContext, user: Actor, lotId: number) {
  const answer = await answerOf(ctx, user, lotId);
  const movements = await movementsOf(ctx.db, lotId, LOT_MOVEMENTS_SHOWN);
  const listings = await reservationsOfLot(ctx.db, lotId);
  const quote = (await quotesFor(ctx, [answer.lot.crop])).get(answer.lot.crop);
  const hint = storageHint({
    crop: answer.lot.crop,
    history: quote?.history ?? [],
    moisture: answer.lot.moistureTenths === null ? null : answer.lot.moistureTenths / 10,
    now: new Date(),
  });
  return { answer, movements, listings, hint };
}

/** Adds photos to a lot the caller keeps or sells, up to PHOTOS_PER_ITEM in all. */
export async function addLotPhotos(
  ctx: AppContext,
  user: SessionUser,
  lotId: number,
  photos: readonly TPhotoUpload[],
) {
  await stockTransaction(ctx, async (tx) => {
    // Locked: two uploads at once cannot both take the lot's last places.
    await lockLot(tx, lotId);
    const lot = await visibleLot(tx, user, lotId);
    if (!(await actsFor(tx, user, lot.ownerId)) && !(await mayKeep(tx, user, lot.store))) {
      throw forbidden('stock.errors.notKeeper');
    }
    await storePhotoPairs(tx, ctx, { ownerKind: 'lot', ownerId: lot.id, uploadedBy: user.id, photos });
    await publishStockChange(tx, ctx.bus, { storeId: lot.storeId });
  });
  return answerOf(ctx, user, lotId);
}

/** The caller's own stock (or a represented farmer's): lots, tons and worth at today's prices. */
export async function stockSummary(ctx: AppContext, user: SessionUser, farmerId: number | undefined) {
  await checkFarmerFilter(ctx.db, user, farmerId);
  const holdings = await holdingsOfOwner(ctx.db, farmerId ?? user.id);
  const value = worthOf(
    holdings,
    await quotesFor(
      ctx,
      holdings.map((h) => h.crop),
    ),
  );
  return {
    lots: holdings.reduce((n, h) => n + h.lots, 0),
    kg: holdings.reduce((n, h) => n + h.kg, 0),
    valueCents: value.cents,
    unpriced: value.unpriced,
  };
}

/** Sends a photo of a lot the caller sees (404 otherwise, and for a hash that is not the lot's). */
export async function sendLotPhoto(
  ctx: AppContext,
  reply: FastifyReply,
  where: { user: Actor; lotId: number; hash: string },
): Promise<void> {
  const lot = await visibleLot(ctx.db, where.user, where.lotId);
  if (!(await sendPhoto(ctx, reply, { ownerKind: 'lot', ownerIds: [lot.id], hash: where.hash }))) {
    throw new AppError('notFound', 'photos.errors.notFound');
  }
}
