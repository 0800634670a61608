// Reading forward agreements: one, a party's list (a manager's: all), the Futures tab's sums, a party's record.
import type {
  AgreementStatus,
  TForwardAgreement,
  TFulfilmentRecord,
  TFutures,
} from '../../contract/forward-agreements';
import { centsToDecimal, decimalToCents } from '../../contract/money';
import { parseTonsToKg } from '../../contract/quantity';
import type { AppContext } from '../context';
import { planOutlook } from '../crops';
import { firstFarmIdOf } from '../farms';
import { today } from '../finance';
import type { SessionUser } from '../http/access';
import { agreementFor, partiesOf } from './agreement-access';
import { expectedByMonth } from './agreement-math';
import { presentAgreements } from './agreements.present';
import { type AgreementRow, agreementsOf, recordOf } from './agreements.repo';
import { agreementsCache } from './agreements-cache';

export async function presentOne(
  ctx: AppContext,
  row: AgreementRow,
  viewer: SessionUser,
): Promise<TForwardAgreement> {
  const [view] = await presentAgreements(ctx, ctx.db, [row], viewer);
  if (!view) {
    throw new Error(`forward agreement ${row.id} not presented`);
  }
  return view;
}

export async function getAgreement(
  ctx: AppContext,
  user: SessionUser,
  id: number,
): Promise<TForwardAgreement> {
  const { agreement } = await agreementFor(ctx.db, user, id);
  return presentOne(ctx, agreement, user);
}

export async function listAgreements(
  ctx: AppContext,
  user: SessionUser,
  query: { status?: AgreementStatus | undefined; limit: number },
): Promise<TForwardAgreement[]> {
  const rows = await agreementsCache
    .of(ctx)
    .rowsOf(user, query, async () => agreementsOf(ctx.db, await partiesOf(ctx, user), query));
  return presentAgreements(ctx, ctx.db, rows, user);
}

/** Agreements that still count toward what is contracted: not declined, withdrawn or ended by a default. */
const COUNTED: readonly AgreementStatus[] = [
  'accepted',
  'active',
  'disputed',
  'fulfilled',
  'partly_fulfilled',
];

/**
 * The Futures tab: the caller's agreements on their side of the trade (a buyer's as buyer, anyone else's as seller),
 * what is contracted, delivered and still to deliver, the deposits held and the expected income by month.
 */
export async function futuresOf(ctx: AppContext, user: SessionUser): Promise<TFutures> {
  const parties = (await partiesOf(ctx, user)) ?? [user.id];
  const rows = (await agreementsOf(ctx.db, parties, { limit: 100 })).filter((r) =>
    user.role === 'buyer' ? parties.includes(r.buyerId) : parties.includes(r.sellerId),
  );
  const agreements = await presentAgreements(ctx, ctx.db, rows, user);
  const counted = agreements.filter((a) => COUNTED.includes(a.status));
  const kg = (tons: number) => parseTonsToKg(tons) ?? 0;
  const sumTons = (pick: (a: TForwardAgreement) => number) =>
    counted.reduce((sum, a) => sum + kg(pick(a)), 0) / 1000;
  const open = counted.filter((a) => a.status === 'active' || a.status === 'accepted');
  const byMonth = expectedByMonth(
    open.map((a) => ({
      remainingKg: kg(a.remaining),
      priceCents: decimalToCents(a.priceToday ?? 0) ?? 0,
      deliveryFrom: a.deliveryFrom,
      deliveryTo: a.deliveryTo,
    })),
    today(),
  );
  return {
    agreements,
    contracted: sumTons((a) => a.quantity),
    delivered: sumTons((a) => a.delivered),
    toDeliver: open.reduce((sum, a) => sum + kg(a.remaining), 0) / 1000,
    depositsHeld: centsToDecimal(
      agreements.reduce((sum, a) => sum + (decimalToCents(a.depositHeld) ?? 0), 0),
    ),
    byMonth: byMonth.map((m) => ({ month: m.month, expected: centsToDecimal(m.expectedCents) })),
  };
}

export function fulfilmentRecord(ctx: AppContext, userId: number): Promise<TFulfilmentRecord> {
  return recordOf(ctx.db, userId);
}

/**
 * The income a farm's owner is contracted to receive by month from their forward agreements as seller: those grown
 * on the farm (their linked plan's farm), or, unlinked, counted on the owner's first farm.
 */
export async function contractedIncomeOf(
  ctx: AppContext,
  farm: { id: number; ownerId: number },
  months: readonly string[],
): Promise<Map<string, number>> {
  const rows = (await agreementsOf(ctx.db, [farm.ownerId], { limit: 100 })).filter(
    (r) => r.sellerId === farm.ownerId && (r.status === 'active' || r.status === 'accepted'),
  );
  if (rows.length === 0) {
    return new Map();
  }
  const first = await firstFarmIdOf(ctx.db, farm.ownerId);
  const mine: AgreementRow[] = [];
  for (const row of rows) {
    const grownOn = row.planId === null ? null : ((await planOutlook(ctx, row.planId))?.farmId ?? null);
    if ((grownOn ?? first) === farm.id) {
      mine.push(row);
    }
  }
  const onFarm = await presentAgreements(ctx, ctx.db, mine, null);
  const byMonth = expectedByMonth(
    onFarm.map((a) => ({
      remainingKg: parseTonsToKg(a.remaining) ?? 0,
      priceCents: decimalToCents(a.priceToday ?? 0) ?? 0,
      deliveryFrom: a.deliveryFrom,
      deliveryTo: a.deliveryTo,
    })),
    today(),
  );
  return new Map(byMonth.filter((m) => months.includes(m.month)).map((m) => [m.month, m.expectedCents]));
}
