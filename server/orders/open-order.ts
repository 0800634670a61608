// The seam from the marketplace: an accepted bid's trade becomes an order, booked as a receivable on the seller's farm.
import { randomInt } from 'node:crypto';
import { HANDOVER_CODE_LENGTH } from '../../contract/orders-constants';
import { activeAgentOf, earnsCommission, isActiveAgentOf } from '../agents';
import type { Tx } from '../db/client';
import type { EventBus } from '../events/bus';
import { postTradeToBooks } from '../finance';
import type { AcceptedTrade } from '../marketplace';
import { paidCentsOfTrade } from './lookups';
import { orderAudience } from './order-audience';
import { insertEvent, insertOrder, type OrderRow } from './orders.repo';

/** A fresh 6-digit handover code (leading zeros kept). */
export function newHandoverCode(): string {
  return String(randomInt(0, 10 ** HANDOVER_CODE_LENGTH)).padStart(HANDOVER_CODE_LENGTH, '0');
}

/**
 * Called inside the accept transaction: books the sale (a receivable; a seller without a farm gets one for their
 * books), records the order with its first timeline entry and tells its parties. The order's agent is whoever listed
 * it for the seller, else the seller's agent now.
 */
export async function openOrder(tx: Tx, bus: EventBus, trade: AcceptedTrade): Promise<OrderRow> {
  const lister = trade.listedById;
  const agentId =
    lister !== null && lister !== trade.sellerId && (await isActiveAgentOf(tx, lister, trade.sellerId))
      ? lister
      : await activeAgentOf(tx, trade.sellerId);
  const agentEarns = agentId === null || (await earnsCommission(tx, agentId, trade.sellerId));
  const books = await postTradeToBooks(
    tx,
    bus,
    {
      tradeId: trade.tradeId,
      sellerId: trade.sellerId,
      farmId: trade.farmId,
      commodityId: trade.commodityId,
      commodityName: trade.commodityName,
      quantityKg: trade.quantityKg,
      priceCents: trade.priceCents,
      totalCents: trade.totalCents,
      at: trade.at,
    },
    paidCentsOfTrade,
  );
  const order = await insertOrder(tx, {
    tradeId: trade.tradeId,
    commodityId: trade.commodityId,
    commodityName: trade.commodityName,
    grade: trade.grade,
    buyerId: trade.buyerId,
    sellerId: trade.sellerId,
    agentId,
    agentEarns,
    farmId: books.farmId,
    quantityKg: trade.quantityKg,
    priceCents: trade.priceCents,
    totalCents: trade.totalCents,
    handoverCode: newHandoverCode(),
    saleEntryId: books.entryId,
    createdAt: trade.at,
    updatedAt: trade.at,
  });
  await insertEvent(tx, {
    orderId: order.id,
    step: 'awaiting_delivery',
    byId: trade.acceptedBy,
    at: trade.at,
  });
  await bus.publish(tx, { type: 'order', id: order.id }, orderAudience(order));
  return order;
}
