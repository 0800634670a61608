// The seam between the marketplace and the books: an accepted bid's trade becomes a sale in the seller's farm ledger.
import type { Tx } from '../db/client';
import type { EventBus } from '../events/bus';
import { booksAudience } from '../farms/farm-audience';
import { firstFarmIdOf } from '../farms/lookups';
import { buyerUsernameOf, markTradePosted, unpostedTradesOf } from '../marketplace/lookups';
import { insertSale } from './finance.repo';
import { bookEntry } from './finance.service';
import { postSale } from './posting';

export interface TradeForBooks {
  tradeId: number;
  sellerId: number;
  /** The listing's farm; null: the seller's first farm, or later when they create one. */
  farmId: number | null;
  commodityId: number;
  commodityName: string;
  quantityKg: number;
  priceCents: number;
  totalCents: number;
  at: Date;
}

/**
 * Called by the marketplace inside the accept transaction. Posts the sale to the listing's farm (else the seller's
 * first farm) and marks the trade posted; a seller without a farm keeps the trade unposted until their first farm
 * exists (see postPendingTrades).
 *
 * The entry debits cash and credits income:produce_sales. The marketplace has no payment step, and its trades are
 * settled between the parties at delivery (cash or mobile money): booking a receivable would leave it open forever,
 * inflate the farm's assets and keep every marketplace sale out of the cash-flow statement.
 */
export async function postTradeToBooks(tx: Tx, bus: EventBus, trade: TradeForBooks): Promise<void> {
  const farmId = trade.farmId ?? (await firstFarmIdOf(tx, trade.sellerId));
  if (farmId === null) {
    return;
  }
  await postTrade(tx, bus, trade, farmId);
}

/** Posts every unposted trade of a seller to `farmId` (their first farm, just created). */
export async function postPendingTrades(
  tx: Tx,
  bus: EventBus,
  sellerId: number,
  farmId: number,
): Promise<number> {
  const pending = await unpostedTradesOf(tx, sellerId);
  for (const trade of pending) {
    await postTrade(
      tx,
      bus,
      {
        tradeId: trade.id,
        sellerId: trade.sellerId,
        farmId,
        commodityId: trade.commodityId,
        commodityName: trade.marketKey,
        quantityKg: trade.quantityKg,
        priceCents: trade.priceCents,
        totalCents: trade.totalCents,
        at: trade.createdAt,
      },
      farmId,
    );
  }
  return pending.length;
}

async function postTrade(tx: Tx, bus: EventBus, trade: TradeForBooks, farmId: number): Promise<void> {
  const buyer = await buyerUsernameOf(tx, trade.tradeId);
  const date = trade.at.toISOString().slice(0, 10);
  const entry = postSale({
    date,
    totalCents: trade.totalCents,
    paid: true,
    paymentMethod: 'cash',
    memo: `Marketplace trade #${trade.tradeId}: ${trade.commodityName}`,
  });
  const entryId = await bookEntry(tx, farmId, entry, { sourceType: 'trade', sourceId: trade.tradeId });
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
  await bus.publish(tx, { type: 'sale', id: sale.id }, booksAudience(farmId));
}
