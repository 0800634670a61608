// The seam between the marketplace and the books: an accepted bid's trade becomes a sale in the seller's farm ledger.
import { findUserById } from '../auth';
import type { Tx } from '../db/client';
import type { EventBus } from '../events/bus';
import { firstFarmIdOf, insertBooksFarm } from '../farms';
import { buyerUsernameOf, markTradePosted, unpostedTradesOf } from '../marketplace';
import { publishBooksChange } from './books-change';
import { insertSale } from './finance.repo';
import { bookEntry } from './finance.service';
import { postSale, postSettlement } from './posting';

/** What the buyer has paid so far on a trade's order (0 when it has none): the orders module answers it. */
export type PaidCentsOfTrade = (tx: Tx, tradeId: number) => Promise<number>;

export interface TradeForBooks {
  tradeId: number;
  sellerId: number;
  /** The listing's farm; null: the seller's first farm, made for their books if they have none. */
  farmId: number | null;
  commodityId: number;
  commodityName: string;
  quantityKg: number;
  priceCents: number;
  totalCents: number;
  at: Date;
}

/**
 * Called inside the accept transaction. Books the sale on the listing's farm (else the seller's first farm) as a
 * receivable: the buyer owes the total until payments are recorded against the order (see order-posting). A seller
 * without a farm gets one made for their books, and every earlier trade of theirs not yet booked goes to it too.
 * Returns the farm and the sale's journal entry. `paidCentsOf` reads what was paid on those earlier trades.
 */
export async function postTradeToBooks(
  tx: Tx,
  bus: EventBus,
  trade: TradeForBooks,
  paidCentsOf: PaidCentsOfTrade,
): Promise<{ farmId: number; entryId: number }> {
  const farmId = trade.farmId ?? (await firstFarmIdOf(tx, trade.sellerId));
  if (farmId !== null) {
    return { farmId, entryId: await postTrade(tx, bus, trade, farmId) };
  }
  const seller = await findUserById(tx, trade.sellerId);
  const booksFarmId = await insertBooksFarm(
    tx,
    bus,
    { id: trade.sellerId, username: seller?.username ?? `#${trade.sellerId}` },
    trade.commodityName,
  );
  const posted = await postPendingTrades(
    tx,
    bus,
    { sellerId: trade.sellerId, farmId: booksFarmId },
    paidCentsOf,
  );
  const entryId = posted.get(trade.tradeId);
  if (entryId === undefined) {
    throw new Error(`trade ${trade.tradeId} was not among the seller's unposted trades`);
  }
  return { farmId: booksFarmId, entryId };
}

/**
 * Posts every unposted trade of a seller to `farmId` (their first farm, just created), each as a receivable and the
 * payments its order already has (`paidCentsOf`; trades from before orders existed count as paid). Returns trade
 * id → entry id.
 */
export async function postPendingTrades(
  tx: Tx,
  bus: EventBus,
  seller: { sellerId: number; farmId: number },
  paidCentsOf: PaidCentsOfTrade,
): Promise<Map<number, number>> {
  const { sellerId, farmId } = seller;
  const pending = await unpostedTradesOf(tx, sellerId);
  const posted = new Map<number, number>();
  for (const trade of pending) {
    const forBooks = {
      tradeId: trade.id,
      sellerId: trade.sellerId,
      farmId,
      commodityId: trade.commodityId,
      // The name as the seller wrote it (the market key is lower-cased for matching, not for reading).
      commodityName: trade.commodityName,
      quantityKg: trade.quantityKg,
      priceCents: trade.priceCents,
      totalCents: trade.totalCents,
      at: trade.createdAt,
    };
    posted.set(trade.id, await postTrade(tx, bus, forBooks, farmId));
    const paid = await paidCentsOf(tx, trade.id);
    if (paid > 0) {
      const date = trade.createdAt.toISOString().slice(0, 10);
      const settlement = postSettlement({
        date,
        amountCents: paid,
        direction: 'collect',
        paymentMethod: 'cash',
        memo: `Marketplace trade #${trade.id}: paid`,
      });
      const note = { key: 'tradePaid', data: { tradeId: trade.id, commodity: trade.commodityName } };
      await bookEntry(tx, farmId, { ...settlement, note }, { sourceType: 'payment', sourceId: trade.id });
    }
  }
  return posted;
}

async function postTrade(tx: Tx, bus: EventBus, trade: TradeForBooks, farmId: number): Promise<number> {
  const buyer = await buyerUsernameOf(tx, trade.tradeId);
  const date = trade.at.toISOString().slice(0, 10);
  const entry = postSale({
    date,
    totalCents: trade.totalCents,
    paid: false,
    memo: `Marketplace trade #${trade.tradeId}: ${trade.commodityName}`,
  });
  const note = { key: 'tradeSale', data: { tradeId: trade.tradeId, commodity: trade.commodityName } };
  const entryId = await bookEntry(
    tx,
    farmId,
    { ...entry, note },
    { sourceType: 'trade', sourceId: trade.tradeId },
  );
  const sale = await insertSale(tx, {
    farmId,
    commodityId: trade.commodityId,
    tradeId: trade.tradeId,
    type: 'commodity',
    date,
    quantityKg: trade.quantityKg,
    pricePerUnitCents: trade.priceCents,
    totalCents: trade.totalCents,
    buyer,
    entryId,
  });
  await markTradePosted(tx, trade.tradeId, farmId);
  await publishBooksChange(tx, bus, { type: 'sale', id: sale.id }, farmId);
  return entryId;
}
