// Forward agreements as the API answers them: terms in tons and the currency, what is delivered and still to come,
// today's price by the rule, the deposit the operator holds, the advance not yet recovered and the linked plan.
import { AGREEMENT_ENDED, type TForwardAgreement } from '../../contract/forward-agreements';
import { centsToDecimal } from '../../contract/money';
import { kgToTons, priceForKgCents } from '../../contract/quantity';
import type { AppContext } from '../context';
import { planOutlook } from '../crops';
import type { Tx } from '../db/client';
import { coopAccountsAdministeredBy, coopNames } from '../groups';
import type { SessionUser } from '../http/access';
import { orderStatesOf } from '../orders';
import { type MoveRow, movesOfAgreements } from '../payments';
import { cropQuote } from '../stock';
import { type Pricing, priceToday, stillToDeliver } from './agreement-math';
import { type AgreementRow, type DeliveryRow, deliveriesOf, usernamesOf } from './agreements.repo';

export function pricingOf(row: AgreementRow): Pricing {
  return { kind: row.pricingKind, priceCents: row.priceCents, sharePercent: row.sharePercent };
}

/** Deliveries that count: their orders not cancelled. */
export function deliveredKgOf(
  deliveries: readonly DeliveryRow[],
  states: ReadonlyMap<number, { status: string }>,
) {
  return deliveries
    .filter((d) => states.get(d.orderId)?.status !== 'cancelled')
    .reduce((sum, d) => sum + d.quantityKg, 0);
}

/** The payout of the agreement's input advance: its first payout to the seller (null: no advance, or not yet). */
export function advanceMoveOf(row: AgreementRow, moves: readonly MoveRow[]): MoveRow | null {
  return row.advanceCents > 0 ? (moves.find((m) => m.kind === 'seller' && m.orderId === null) ?? null) : null;
}

/** The deposit's money now: whether it was paid, what is left of it, and the advance not yet recovered. */
export function depositMoney(
  row: AgreementRow,
  moves: readonly MoveRow[],
  deliveries: readonly DeliveryRow[],
) {
  const paid = moves.some((m) => m.kind === 'collection' && m.orderId === null && m.status === 'succeeded');
  const applied = deliveries.reduce((sum, d) => sum + d.depositAppliedCents, 0);
  const recovered = deliveries.reduce((sum, d) => sum + d.advanceRecoveredCents, 0);
  const advance = advanceMoveOf(row, moves);
  // What ended the deposit: its payouts back to the buyer or to the seller, the advance's payout aside.
  const ended = moves
    .filter((m) => m.orderId === null && (m.kind === 'refund' || m.kind === 'seller') && m !== advance)
    .reduce((sum, m) => sum + m.amountCents, 0);
  return {
    paid,
    depositLeftCents: paid ? Math.max(0, row.depositCents - applied - ended) : 0,
    advanceLeftCents: paid ? Math.max(0, row.advanceCents - recovered) : 0,
  };
}

/** Today's market price of each crop (per ton, cents), from real trades: one quote per crop. */
export async function marketPrices(
  ctx: AppContext,
  crops: readonly string[],
): Promise<Map<string, number | null>> {
  const prices = new Map<string, number | null>();
  const now = new Date();
  for (const crop of new Set(crops)) {
    prices.set(crop, (await cropQuote.call(ctx, crop, now)).priceCents);
  }
  return prices;
}

/** The API's agreements: a handful of queries whatever their number (the plan's outlook, one each). */
export async function presentAgreements(
  ctx: AppContext,
  db: Tx,
  rows: readonly AgreementRow[],
  viewer: SessionUser | null,
): Promise<TForwardAgreement[]> {
  if (rows.length === 0) {
    // Most people have none: nothing more to read.
    return [];
  }
  const ids = rows.map((r) => r.id);
  const actsFor = viewer === null ? [] : [viewer.id, ...(await coopAccountsAdministeredBy(db, viewer.id))];
  const names = await usernamesOf(
    db,
    rows.flatMap((r) => [r.buyerId, r.sellerId]),
  );
  const groups = await coopNames(
    db,
    rows.flatMap((r) => (r.groupId === null ? [] : [r.groupId])),
  );
  const deliveries = await deliveriesOf(db, ids);
  const states = await orderStatesOf(
    db,
    deliveries.map((d) => d.orderId),
  );
  const prices = await marketPrices(
    ctx,
    rows.map((r) => r.crop),
  );
  const movesBy = Map.groupBy(await movesOfAgreements(db, ids), (m) => m.agreementId);
  const deliveriesBy = Map.groupBy(deliveries, (d) => d.agreementId);
  const views: TForwardAgreement[] = [];
  for (const row of rows) {
    const mine = deliveriesBy.get(row.id) ?? [];
    const moves = movesBy.get(row.id) ?? [];
    views.push(
      await presentOne(ctx, row, {
        names,
        groups,
        deliveries: mine,
        states,
        moves,
        market: prices.get(row.crop) ?? null,
        you: actsFor.includes(row.buyerId) ? 'buyer' : actsFor.includes(row.sellerId) ? 'seller' : null,
      }),
    );
  }
  return views;
}

interface Facts {
  names: ReadonlyMap<number, string>;
  groups: ReadonlyMap<number, string>;
  deliveries: readonly DeliveryRow[];
  states: ReadonlyMap<number, { status: string; totalCents: number }>;
  moves: readonly MoveRow[];
  market: number | null;
  you: 'buyer' | 'seller' | null;
}

async function presentOne(ctx: AppContext, row: AgreementRow, facts: Facts): Promise<TForwardAgreement> {
  const deliveredKg = deliveredKgOf(facts.deliveries, facts.states);
  const { remainingKg, maxMoreKg } = stillToDeliver(row, deliveredKg);
  const money = depositMoney(row, facts.moves, facts.deliveries);
  const collection = facts.moves.filter((m) => m.kind === 'collection' && m.orderId === null).at(-1) ?? null;
  // Still to be delivered on (or agreed): its limits and today's price mean something.
  const open = !(AGREEMENT_ENDED as readonly string[]).includes(row.status) && row.status !== 'disputed';
  return {
    id: row.id,
    buyer: { id: row.buyerId, username: facts.names.get(row.buyerId) ?? '' },
    seller: { id: row.sellerId, username: facts.names.get(row.sellerId) ?? '' },
    group: row.groupId === null ? null : { id: row.groupId, name: facts.groups.get(row.groupId) ?? '' },
    crop: row.crop,
    grade: row.grade,
    quantity: kgToTons(row.quantityKg),
    tolerancePercent: row.tolerancePercent,
    pricing:
      row.pricingKind === 'fixed'
        ? { kind: 'fixed', price: centsToDecimal(row.priceCents) }
        : { kind: 'floor', floor: centsToDecimal(row.priceCents), sharePercent: row.sharePercent ?? 100 },
    deliveryFrom: row.deliveryFrom,
    deliveryTo: row.deliveryTo,
    place: row.place,
    depositPercent: row.depositPercent,
    deposit: centsToDecimal(row.depositCents),
    inputAdvance:
      row.advanceCents > 0 ? { amount: centsToDecimal(row.advanceCents), note: row.advanceNote ?? '' } : null,
    status: row.status,
    you: facts.you,
    turn: row.turn,
    countered: row.countered > 0,
    note: row.note,
    delivered: kgToTons(deliveredKg),
    remaining: kgToTons(remainingKg),
    maxMore: open ? kgToTons(maxMoreKg) : 0,
    priceToday: open ? centsToDecimal(priceToday(pricingOf(row), facts.market)) : null,
    marketPrice: facts.market === null ? null : centsToDecimal(facts.market),
    depositHeld: centsToDecimal(money.depositLeftCents),
    advanceOutstanding: centsToDecimal(money.advanceLeftCents),
    deliveries: facts.deliveries.map((d) => ({
      orderId: d.orderId,
      quantity: kgToTons(d.quantityKg),
      price: centsToDecimal(d.priceCents),
      total: centsToDecimal(
        facts.states.get(d.orderId)?.totalCents ?? priceForKgCents(d.priceCents, d.quantityKg),
      ),
      depositApplied: centsToDecimal(d.depositAppliedCents),
      advanceRecovered: centsToDecimal(d.advanceRecoveredCents),
      status: facts.states.get(d.orderId)?.status ?? 'unknown',
      createdAt: d.createdAt.toISOString(),
    })),
    plan: row.planId === null ? null : await planLink(ctx, row),
    depositPayment:
      collection === null
        ? null
        : {
            id: collection.id,
            status: collection.status,
            amount: centsToDecimal(collection.amountCents),
            paymentUrl: collection.paymentUrl,
          },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function planLink(ctx: AppContext, row: AgreementRow): Promise<TForwardAgreement['plan']> {
  if (row.planId === null) {
    return null;
  }
  const plan = await planOutlook(ctx, row.planId);
  if (!plan) {
    return null;
  }
  const quantityTons = kgToTons(row.quantityKg);
  const flag = plan.status === 'abandoned' ? 'abandoned' : plan.expectedTons < quantityTons ? 'short' : null;
  return { planId: plan.planId, expected: plan.expectedTons, status: plan.status, flag };
}
