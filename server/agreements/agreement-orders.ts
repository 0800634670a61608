// A delivery under a forward agreement: an order of the marketplace at the price its rule gives today, with the
// deposit's and the advance's shares counted as paid, in one transaction with the agreement locked (two deliveries
// at once cannot pass its quantity).
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { firstFarmIdOf } from '../farms';
import { bookAgreementMoney, today } from '../finance';
import type { SessionUser } from '../http/access';
import { AppError, conflict, forbidden } from '../http/errors';
import { agreedTrade, marketChanged } from '../marketplace';
import { orderOfAgreedTrade, orderStatesOf, prepayOrder } from '../orders';
import { applyDeposit, movesOfAgreement } from '../payments';
import { agreementFor } from './agreement-access';
import { deliveryShares, priceToday, stillToDeliver } from './agreement-math';
import { announce, tell } from './agreement-tell';
import { deliveredKgOf, depositMoney, marketPrices, pricingOf } from './agreements.present';
import { type AgreementRow, type DeliveryRow, deliveriesOf, insertDelivery } from './agreements.repo';

export async function deliverUnderAgreement(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  input: { quantity: number; lotId?: number | undefined },
): Promise<{ agreement: AgreementRow; orderId: number }> {
  // The day's market price is read before the agreement is locked: its quote reads through the instance's handle,
  // which (on PGlite's one connection) would wait for this transaction.
  const seen = await agreementFor(ctx.db, user, id);
  const market = (await marketPrices(ctx, [seen.agreement.crop])).get(seen.agreement.crop) ?? null;
  const result = await ctx.db.transaction(async (tx) => {
    const { agreement, sides } = await agreementFor(tx, user, id, true);
    if (!sides.seller) {
      throw forbidden('agreements.errors.notSeller');
    }
    if (agreement.status !== 'active') {
      throw conflict('agreements.errors.notActive');
    }
    const day = today();
    if (day < agreement.deliveryFrom || day > agreement.deliveryTo) {
      throw conflict('agreements.errors.outsideWindow', {
        from: agreement.deliveryFrom,
        to: agreement.deliveryTo,
      });
    }
    const deliveries = await deliveriesOf(tx, [id]);
    const states = await orderStatesOf(
      tx,
      deliveries.map((d) => d.orderId),
    );
    const deliveredKg = deliveredKgOf(deliveries, states);
    const { maxMoreKg } = stillToDeliver(agreement, deliveredKg);
    if (input.quantity > maxMoreKg) {
      throw new AppError('conflict', 'agreements.errors.beyondTolerance', { max: maxMoreKg / 1000 }, {}, [
        'quantity',
      ]);
    }
    const priceCents = priceToday(pricingOf(agreement), market);
    const { tradeId } = await agreedTrade(ctx, tx, {
      by: user,
      sellerId: agreement.sellerId,
      buyerId: agreement.buyerId,
      farmId: agreement.groupId === null ? await firstFarmIdOf(tx, agreement.sellerId) : null,
      crop: agreement.crop,
      grade: agreement.grade,
      quantityKg: input.quantity,
      priceCents,
      lotId: input.lotId,
    });
    const order = await orderOfAgreedTrade(tx, tradeId);
    const paid = await countPrepaid(ctx, tx, {
      agreement,
      order,
      deliveries,
      deliveredKg,
      kg: input.quantity,
      by: user.id,
    });
    await insertDelivery(tx, {
      agreementId: id,
      orderId: order.id,
      quantityKg: input.quantity,
      priceCents,
      marketPriceCents: agreement.pricingKind === 'floor' ? market : null,
      depositAppliedCents: paid.depositCents,
      advanceRecoveredCents: paid.advanceCents,
    });
    await tell(ctx, tx, agreement, 'buyer', 'delivered', { orderId: order.id });
    await announce(ctx, tx, agreement);
    return { agreement, orderId: order.id };
  });
  marketChanged(ctx);
  return result;
}

/** The deposit's and the advance's shares of a new delivery's order, counted as paid on it. */
async function countPrepaid(
  ctx: AppContext,
  tx: Tx,
  at: {
    agreement: AgreementRow;
    order: Parameters<typeof prepayOrder>[1];
    deliveries: readonly DeliveryRow[];
    deliveredKg: number;
    kg: number;
    by: number;
  },
): Promise<{ depositCents: number; advanceCents: number }> {
  const { agreement, order } = at;
  const id = agreement.id;
  const day = today();
  const moves = await movesOfAgreement(tx, id);
  const money = depositMoney(agreement, moves, at.deliveries);
  const shares = deliveryShares({
    quantityKg: agreement.quantityKg,
    tolerancePercent: agreement.tolerancePercent,
    deliveredKg: at.deliveredKg,
    kg: at.kg,
    totalCents: order.totalCents,
    depositCents: agreement.depositCents,
    depositLeftCents: money.depositLeftCents,
    advanceCents: agreement.advanceCents,
    advanceLeftCents: money.advanceLeftCents,
  });
  const collection = moves.find((m) => m.kind === 'collection' && m.status === 'succeeded');
  const reference = `FA-${agreement.id}`;
  const deposit =
    shares.depositCents > 0 && collection
      ? await applyDeposit(tx, {
          agreementId: id,
          orderId: order.id,
          payerId: agreement.buyerId,
          provider: collection.provider,
          currency: collection.currency,
          amountCents: shares.depositCents,
        })
      : null;
  const advanceEntry =
    shares.advanceCents > 0 && order.farmId !== null
      ? await bookAgreementMoney(tx, ctx.bus, {
          farmId: order.farmId,
          agreementId: id,
          kind: 'advance_applied',
          date: day,
          amountCents: shares.advanceCents,
          orderId: order.id,
        })
      : null;
  await prepayOrder(tx, order, {
    paidAt: day,
    recordedBy: at.by,
    deposit: deposit ? { amountCents: deposit.amountCents, moveId: deposit.id, reference } : null,
    advance:
      shares.advanceCents > 0
        ? { amountCents: shares.advanceCents, entryId: advanceEntry, reference: `${reference}-A` }
        : null,
  });
  return { depositCents: deposit ? shares.depositCents : 0, advanceCents: shares.advanceCents };
}
