// The co-operative's sale and settlement in the demo: celestin lists its grade B bulk lot for the co-operative, kofi
// buys it whole and pays into escrow, yaw delivers with kofi's code, kofi releases the escrow (the operator pools it
// for the co-operative); celestin settles the order and approves the settlement, and "MTN" answers each member's
// payout (one refused; members without a proven number wait for cash).
import { inArray } from 'drizzle-orm';
import type { TSettlement } from '../../contract/groups';
import type { Grade } from '../../contract/marketplace';
import { approveSettlement, createSettlement } from '../groups/settlements.service';
import { createListing, placeBid } from '../marketplace/marketplace.service';
import { releaseEscrowNow } from '../orders/escrow.service';
import { movesByIds, settleMove } from '../payments';
import { moneyMoves } from '../payments/payments.schema';
import { cropQuote, lotsOwnedBy } from '../stock';
import { COOP_ADMIN, PAYOUT_FAILS } from './coops-data';
import type { CoopRun } from './coops-run';
import { MARKETS } from './market-data';
import { demoCents } from './money';
import { accept, deliver } from './orders-recent';
import { pay } from './payments';

const CROP = 'Maize';

/** Sells the lot to kofi through the marketplace at the market's price, then settles the order and pays members. */
export async function sellAndSettle(run: CoopRun, lotId: number): Promise<TSettlement> {
  const { ctx } = run;
  const quote = await cropQuote.call(ctx, CROP, new Date());
  const price = quote.priceCents ?? demoCents(MARKETS.find((m) => m.name === CROP)?.startCents ?? 0);
  const [lot] = await lotsOwnedBy(ctx.db, run.accountId, [lotId]);
  if (!lot?.grade) {
    throw new Error(`the co-operative's lot ${lotId} is missing`);
  }
  const orderId = await sellLot(run, { id: lot.id, kg: lot.quantityKg, grade: lot.grade }, price);
  const admin = run.cast(COOP_ADMIN);
  const draft = await createSettlement(ctx, admin, run.groupId, { orderId });
  const approved = await approveSettlement(ctx, admin, run.groupId, draft.id);
  await answerPayouts(run, approved);
  return approved;
}

/**
 * The bulk lot from listing to released escrow: listed whole by the admin for the co-operative, kofi's bid for all
 * of it accepted, paid into escrow by MTN, delivered by yaw with kofi's code, released by kofi. Answers the order.
 */
async function sellLot(
  run: CoopRun,
  lot: { id: number; kg: number; grade: Grade },
  priceCents: number,
): Promise<number> {
  const { ctx, cast } = run;
  const [admin, kofi] = [cast(COOP_ADMIN), cast('kofi')];
  const { listing } = await createListing(ctx, {
    user: admin,
    name: CROP,
    quantityKg: lot.kg,
    priceCents,
    grade: lot.grade,
    lotId: lot.id,
    onBehalfOf: run.accountId,
  });
  const bid = await placeBid(ctx, { user: kofi, commodityId: listing.id, priceCents, quantityKg: lot.kg });
  const order = await accept(ctx, admin, bid.id);
  await pay(ctx, order, { status: 'succeeded', transactionId: `demo-${order.id}` });
  await deliver(ctx, { yaw: cast('yaw') }, order, admin, [
    'accepted',
    'picked_up',
    'in_transit',
    'delivered',
  ]);
  await releaseEscrowNow(ctx, { user: kofi, id: order.id });
  return order.id;
}

/**
 * "MTN"'s answer to each member's payout, as a server with MTN Disbursements would get it: paid, or refused for a
 * member whose number is no Mobile Money account. Without MTN here the payouts wait for an account: those with a
 * proven number are handed to "MTN" first, and those without wait for cash, as such a server records them.
 */
async function answerPayouts(run: CoopRun, settlement: TSettlement): Promise<void> {
  const { ctx } = run;
  const ids = settlement.shares.flatMap((s) => (s.payout.moveId === null ? [] : [s.payout.moveId]));
  const moves = await movesByIds(ctx.db, ids);
  const waiting = moves.filter((m) => m.status === 'waiting');
  const toMtn = waiting.filter((m) => m.phone !== null).map((m) => m.id);
  const noNumber = waiting.filter((m) => m.phone === null).map((m) => m.id);
  if (noNumber.length > 0) {
    await ctx.db
      .update(moneyMoves)
      .set({ failureReason: 'no_proven_number' })
      .where(inArray(moneyMoves.id, noNumber));
  }
  if (toMtn.length > 0) {
    await ctx.db
      .update(moneyMoves)
      .set({ status: 'pending', stage: 'check', attempts: 1, failureReason: null })
      .where(inArray(moneyMoves.id, toMtn));
  }
  const failing = new Set(PAYOUT_FAILS.map((name) => run.cast(name).id));
  for (const move of moves.filter((m) => m.status === 'pending' || toMtn.includes(m.id))) {
    await settleMove(
      ctx,
      move.id,
      failing.has(move.userId)
        ? { status: 'failed', failureReason: 'number_not_registered' }
        : { status: 'succeeded', transactionId: `demo-${move.reference}` },
    );
  }
}
