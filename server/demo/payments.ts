// Demo mobile money: kofi's orders from amina paid into escrow (one on yaw's truck, one waiting for its driver),
// another buyer's delivered order whose escrow they released (its payout waits for a manager when MTN payouts are
// off here), and one of kofi's payments that failed for want of funds. Taken through the real payments queue's settlement.
import { and, desc, eq, ne } from 'drizzle-orm';
import { findUserById, findUsersByUsernames } from '../auth/user-accounts';
import type { AppContext } from '../context';
import { releaseEscrowNow } from '../orders/escrow.service';
import { type OrderRow, orderColumns } from '../orders/orders.repo';
import { orders } from '../orders/orders.schema';
import { provenNumberOf, requestCollection, settleMove } from '../payments';
import { moneyMoves } from '../payments/payments.schema';
import { actor } from './orders-recent';

export async function seed(ctx: AppContext): Promise<void> {
  const found = await findUsersByUsernames(ctx.db, ['amina', 'kofi']);
  const amina = found.get('amina');
  const kofi = found.get('kofi');
  if (!amina || !kofi || (await ctx.db.select({ id: moneyMoves.id }).from(moneyMoves).limit(1)).length > 0) {
    return;
  }
  const theirs = (status: OrderRow['status']) =>
    ctx.db
      .select(orderColumns)
      .from(orders)
      .where(and(eq(orders.sellerId, amina.id), eq(orders.buyerId, kofi.id), eq(orders.status, status)))
      .orderBy(desc(orders.id));
  const [onTheRoad] = await theirs('in_transit');
  const [waitingNewest, waitingDriver] = await theirs('awaiting_delivery');
  // Another pair's delivered order (amina and kofi keep one in each status): paid, so it completes and is released.
  const [delivered] = await ctx.db
    .select(orderColumns)
    .from(orders)
    .where(and(eq(orders.status, 'delivered'), ne(orders.buyerId, kofi.id)))
    .orderBy(desc(orders.id))
    .limit(1);
  for (const order of [onTheRoad, waitingDriver, delivered]) {
    if (order) {
      await pay(ctx, order, { status: 'succeeded', transactionId: `demo-${order.id}` });
    }
  }
  if (delivered) {
    const buyer = (await findUserById(ctx.db, delivered.buyerId)) ?? kofi;
    await releaseEscrowNow(ctx, { user: actor(buyer), id: delivered.id });
  }
  if (waitingNewest) {
    await pay(ctx, waitingNewest, { status: 'failed', failureReason: 'not_enough_funds' });
  }
}

/** kofi's MTN payment of what is due on `order`, recorded as the queue records it, then answered by "MTN". */
export async function pay(
  ctx: AppContext,
  order: OrderRow,
  answer: Parameters<typeof settleMove>[2],
): Promise<void> {
  const move = await ctx.db.transaction(async (tx) =>
    requestCollection(tx, ctx.config, {
      orderId: order.id,
      payerId: order.buyerId,
      provider: 'mtn_momo',
      phone: await provenNumberOf(tx, order.buyerId),
      amountCents: order.totalCents - order.paidCents - order.refundedCents,
      requestedBy: order.buyerId,
    }),
  );
  // Taken by "MTN": the start is behind it, only its answer remains.
  await ctx.db.update(moneyMoves).set({ stage: 'check', attempts: 1 }).where(eq(moneyMoves.id, move.id));
  await settleMove(ctx, move.id, answer);
}
