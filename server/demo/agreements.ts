// Demo forward agreements: kofi's with amina and with the Mifi maize co-operative, one in each state
// (agreements-data.ts), taken there through the agreements module's own services as each party would from the
// app. The deposit is paid by "MTN" as the payments demo pays (recorded, then answered), payouts waiting for MTN
// Disbursements are handed to it as the co-operatives demo does, deliveries are real orders; the ended ones are made
// in a window that is then moved into the past and settled by the settler, so every book balances.
import { eq, inArray } from 'drizzle-orm';
import { ZAgreementDecision, ZAgreementInput, ZAgreementOrderInput } from '../../contract/forward-agreements';
import { deliverUnderAgreement } from '../agreements/agreement-orders';
import { agreementSettler } from '../agreements/agreement-settler';
import { findAgreement, updateAgreement } from '../agreements/agreements.repo';
import { agreementDeliveries, forwardAgreements } from '../agreements/agreements.schema';
import { decideAgreement, linkPlan, proposeAgreement } from '../agreements/agreements.service';
import { findUsersByUsernames } from '../auth/user-accounts';
import type { AppContext } from '../context';
import { cropPlans } from '../crops/crops.schema';
import { firstFarmIdOf } from '../farms/lookups';
import { addDays } from '../finance/periods';
import { coopParty } from '../groups';
import { groups } from '../groups/groups.schema';
import type { SessionUser } from '../http/access';
import { releaseEscrowNow } from '../orders/escrow.service';
import { findOrder } from '../orders/orders.repo';
import { orderEvents, orders } from '../orders/orders.schema';
import { movesOfAgreement, movesOfOrders, provenNumberOf, requestCollection, settleMove } from '../payments';
import { moneyMoves } from '../payments/payments.schema';
import { todayUtc } from '../stock/stock-dates';
import { DEMO_AGREEMENTS, type DemoAgreement, ENDED_BY_SETTLER } from './agreements-data';
import { COOP, COOP_ADMIN } from './coops-data';
import { demoAmount } from './money';
import { actor, deliver } from './orders-recent';
import { pay } from './payments';

const DAY_MS = 86_400_000;
/** The days a settled window is made in (from the seed's day), before it is moved into the past. */
const MADE_IN_DAYS = 30;

interface Cast {
  kofi: SessionUser;
  amina: SessionUser;
  celestin: SessionUser;
  yaw: SessionUser;
  groupId: number;
  planId: number | null;
  today: string;
}

/** Idempotent: once any forward agreement exists, the demo's (or what users made since) is there. */
export async function seed(ctx: AppContext): Promise<void> {
  const cast = await castOf(ctx);
  if (
    !cast ||
    (await ctx.db.select({ id: forwardAgreements.id }).from(forwardAgreements).limit(1)).length > 0
  ) {
    return;
  }
  const ended: { id: number; demo: DemoAgreement }[] = [];
  for (const demo of DEMO_AGREEMENTS) {
    const id = await takeTo(ctx, cast, demo);
    if (ENDED_BY_SETTLER.includes(demo.end)) {
      ended.push({ id, demo });
    }
  }
  for (const { id, demo } of ended) {
    await moveIntoThePast(ctx, cast.today, id, demo);
  }
  // As the settler's beat would, the day after those windows closed: each ends by what was delivered.
  await agreementSettler.of(ctx).runOnce(cast.today);
  for (const { id, demo } of ended) {
    await answerWaiting(
      ctx,
      (await movesOfAgreement(ctx.db, id)).map((m) => m.id),
    );
    await ctx.db
      .update(forwardAgreements)
      .set({
        settledAt: atDay(cast.today, demo.window[1] + 1),
        updatedAt: atDay(cast.today, demo.window[1] + 1),
      })
      .where(eq(forwardAgreements.id, id));
  }
}

async function castOf(ctx: AppContext): Promise<Cast | null> {
  const found = await findUsersByUsernames(ctx.db, ['kofi', 'amina', COOP_ADMIN, 'yaw']);
  const [kofi, amina, celestin, yaw] = ['kofi', 'amina', COOP_ADMIN, 'yaw'].map((name) => found.get(name));
  const [group] = await ctx.db
    .select({ id: groups.id })
    .from(groups)
    .where(eq(groups.name, COOP.name))
    .limit(1);
  if (!kofi || !amina || !celestin || !yaw || !group || !(await coopParty(ctx.db, group.id))) {
    return null;
  }
  return {
    kofi: actor(kofi),
    amina: { ...actor(amina), language: amina.language },
    celestin: { ...actor(celestin), language: celestin.language },
    yaw: actor(yaw),
    groupId: group.id,
    planId: await maizePlanOf(ctx, amina.id),
    today: todayUtc(),
  };
}

/** amina's maize plan of this season (crops-data.ts), to grow the agreed maize under. */
async function maizePlanOf(ctx: AppContext, userId: number): Promise<number | null> {
  const farmId = await firstFarmIdOf(ctx.db, userId);
  if (farmId === null) {
    return null;
  }
  const plans = await ctx.db
    .select({ id: cropPlans.id, crop: cropPlans.crop, status: cropPlans.status })
    .from(cropPlans)
    .where(eq(cropPlans.farmId, farmId));
  return (
    plans.find((p) => p.crop === 'maize' && (p.status === 'active' || p.status === 'planned'))?.id ?? null
  );
}

// ─── One agreement, step by step ─────────────────────────────────────────────

async function takeTo(ctx: AppContext, cast: Cast, demo: DemoAgreement): Promise<number> {
  const seller = demo.seller === 'amina' ? cast.amina : cast.celestin;
  const settled = ENDED_BY_SETTLER.includes(demo.end);
  const [from, to] = settled ? [0, MADE_IN_DAYS] : demo.window;
  const proposed = await proposeAgreement(
    ctx,
    cast.kofi,
    ZAgreementInput.parse({
      ...(demo.seller === 'amina' ? { sellerId: cast.amina.id } : { groupId: cast.groupId }),
      crop: demo.crop,
      grade: demo.grade,
      quantity: demo.tons,
      tolerancePercent: demo.tolerancePercent,
      pricing:
        demo.pricing.kind === 'fixed'
          ? { kind: 'fixed', price: demoAmount(demo.pricing.usd) }
          : { kind: 'floor', floor: demoAmount(demo.pricing.usd), sharePercent: demo.pricing.sharePercent },
      deliveryFrom: addDays(cast.today, from),
      deliveryTo: addDays(cast.today, to),
      place: demo.place,
      depositPercent: demo.depositPercent,
      ...(demo.advance
        ? { inputAdvance: { amount: demoAmount(demo.advance.usd), note: demo.advance.note } }
        : {}),
    }),
  );
  const id = proposed.id;
  if (demo.onPlan && demo.seller === 'amina' && cast.planId !== null) {
    const planId = cast.planId;
    await linkPlan(ctx, seller, id, planId);
  }
  if (demo.end === 'countered' && demo.counter) {
    const { tons, usd, note } = demo.counter;
    const terms = {
      ...(tons ? { quantity: tons } : {}),
      ...(usd ? { pricing: { kind: 'fixed', price: demoAmount(usd) } } : {}),
    };
    await decideAgreement(ctx, seller, id, ZAgreementDecision.parse({ decision: 'counter', terms, note }));
  } else if (demo.end === 'declined') {
    await decideAgreement(ctx, seller, id, { decision: 'decline', note: demo.declineNote });
  } else if (demo.end !== 'proposed') {
    await decideAgreement(ctx, seller, id, { decision: 'accept' });
    if (demo.end !== 'accepted') {
      await payDeposit(ctx, cast, id);
      await deliverAll(ctx, cast, seller, id, demo, settled);
    }
  }
  await backdateProposal(ctx, cast.today, id, demo.proposedDaysAgo);
  return id;
}

/** kofi's deposit (and advance) paid by "MTN" into escrow: active, the advance handed to "MTN" for amina. */
async function payDeposit(ctx: AppContext, cast: Cast, id: number): Promise<void> {
  const agreement = await findAgreement(ctx.db, id);
  if (!agreement) {
    throw new Error(`demo agreement ${id} is missing`);
  }
  const move = await ctx.db.transaction(async (tx) =>
    requestCollection(tx, ctx.config, {
      orderId: null,
      agreementId: id,
      payerId: cast.kofi.id,
      provider: 'mtn_momo',
      phone: await provenNumberOf(tx, cast.kofi.id),
      amountCents: agreement.depositCents + agreement.advanceCents,
      requestedBy: cast.kofi.id,
    }),
  );
  await ctx.db.update(moneyMoves).set({ stage: 'check', attempts: 1 }).where(eq(moneyMoves.id, move.id));
  await settleMove(ctx, move.id, { status: 'succeeded', transactionId: `demo-${move.reference}` });
  await answerWaiting(
    ctx,
    (await movesOfAgreement(ctx.db, id)).map((m) => m.id),
  );
}

/**
 * Each delivery as an order made from the agreement. An ended agreement's orders went all the way: the rest paid by
 * "MTN", yaw delivering with kofi's code, kofi releasing the escrow, the seller's payout answered.
 */
async function deliverAll(
  ctx: AppContext,
  cast: Cast,
  seller: SessionUser,
  id: number,
  demo: DemoAgreement,
  settled: boolean,
): Promise<void> {
  for (const [tons, day] of demo.deliveries ?? []) {
    const input = ZAgreementOrderInput.parse({ quantity: tons });
    const { orderId } = await deliverUnderAgreement(ctx, seller, id, input);
    if (settled) {
      await completeOrder(ctx, cast, seller, orderId);
      await backdateOrder(ctx, orderId, atDay(cast.today, day));
    }
  }
}

async function completeOrder(
  ctx: AppContext,
  cast: Cast,
  seller: SessionUser,
  orderId: number,
): Promise<void> {
  const order = await findOrder(ctx.db, orderId);
  if (!order) {
    throw new Error(`demo agreement order ${orderId} is missing`);
  }
  await pay(ctx, order, { status: 'succeeded', transactionId: `demo-${order.id}` });
  await deliver(ctx, { yaw: cast.yaw }, order, seller, ['accepted', 'picked_up', 'in_transit', 'delivered']);
  await releaseEscrowNow(ctx, { user: cast.kofi, id: orderId });
  await answerWaiting(
    ctx,
    (await movesOfOrders(ctx.db, [orderId])).map((m) => m.id),
  );
}

/**
 * Payouts waiting for MTN Disbursements (not set up here) handed to "MTN" and paid, as a server with it would
 * (the co-operatives demo does the same); those to someone without a proven number wait for a manager.
 */
async function answerWaiting(ctx: AppContext, moveIds: readonly number[]): Promise<void> {
  if (moveIds.length === 0) {
    return;
  }
  const waiting = await ctx.db
    .select({
      id: moneyMoves.id,
      phone: moneyMoves.phone,
      status: moneyMoves.status,
      reference: moneyMoves.reference,
    })
    .from(moneyMoves)
    .where(inArray(moneyMoves.id, [...moveIds]));
  for (const move of waiting.filter((m) => m.status === 'waiting' && m.phone !== null)) {
    await ctx.db
      .update(moneyMoves)
      .set({ status: 'pending', stage: 'check', attempts: 1, failureReason: null })
      .where(eq(moneyMoves.id, move.id));
    await settleMove(ctx, move.id, { status: 'succeeded', transactionId: `demo-${move.reference}` });
  }
}

// ─── Dates: when it happened ─────────────────────────────────────────────────

const atDay = (today: string, days: number) => new Date(Date.parse(`${today}T09:00:00Z`) + days * DAY_MS);

async function backdateProposal(ctx: AppContext, today: string, id: number, daysAgo: number): Promise<void> {
  await ctx.db
    .update(forwardAgreements)
    .set({ createdAt: atDay(today, -daysAgo) })
    .where(eq(forwardAgreements.id, id));
}

/** An ended agreement's window as it was (made in the coming days, it is moved back), its deliveries within it. */
async function moveIntoThePast(
  ctx: AppContext,
  today: string,
  id: number,
  demo: DemoAgreement,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await updateAgreement(tx, id, {
      deliveryFrom: addDays(today, demo.window[0]),
      deliveryTo: addDays(today, demo.window[1]),
    });
    const days = demo.deliveries ?? [];
    const made = await tx
      .select({ id: agreementDeliveries.id, orderId: agreementDeliveries.orderId })
      .from(agreementDeliveries)
      .where(eq(agreementDeliveries.agreementId, id));
    for (const [index, row] of made.entries()) {
      const day = days[index]?.[1] ?? demo.window[0];
      await tx
        .update(agreementDeliveries)
        .set({ createdAt: atDay(today, day) })
        .where(eq(agreementDeliveries.id, row.id));
    }
  });
}

/** A delivery's order as it happened on its day: made in the morning, delivered and paid by the evening. */
async function backdateOrder(ctx: AppContext, orderId: number, at: Date): Promise<void> {
  const evening = new Date(at.getTime() + 8 * 3_600_000);
  await ctx.db
    .update(orders)
    .set({ createdAt: at, updatedAt: evening, deliveredAt: evening })
    .where(eq(orders.id, orderId));
  await ctx.db.update(orderEvents).set({ at: evening }).where(eq(orderEvents.orderId, orderId));
}
