// A driver's earnings: the fees of the jobs they delivered, by week and by month, and in all.
import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { EARNINGS_MONTHS, EARNINGS_WEEKS, type TDriverEarnings } from '../../contract/delivery-terms';
import { centsToDecimal } from '../../contract/money';
import type { Tx } from '../db/client';
import { earningsByPeriod, earningsSince, type PeriodTotal } from './earnings-periods';
import { deliveries } from './orders.schema';

/** Delivered jobs with a fee: the driver earned it when the goods were handed over. */
const earned = (driverId: number) =>
  and(
    eq(deliveries.driverId, driverId),
    eq(deliveries.status, 'delivered'),
    isNotNull(deliveries.feeCents),
    isNotNull(deliveries.deliveredAt),
  );

async function feesSince(db: Tx, driverId: number, since: Date) {
  const rows = await db
    .select({ deliveredAt: deliveries.deliveredAt, feeCents: deliveries.feeCents })
    .from(deliveries)
    .where(and(earned(driverId), gte(deliveries.deliveredAt, since)));
  return rows.flatMap((r) =>
    r.deliveredAt !== null && r.feeCents !== null
      ? [{ deliveredAt: r.deliveredAt, feeCents: r.feeCents }]
      : [],
  );
}

async function allTime(db: Tx, driverId: number): Promise<{ cents: number; jobs: number }> {
  const [row] = await db
    .select({
      cents: sql<string>`coalesce(sum(${deliveries.feeCents}), 0)::text`,
      jobs: sql<number>`count(*)::int`,
    })
    .from(deliveries)
    .where(earned(driverId));
  return { cents: Number(row?.cents ?? 0), jobs: row?.jobs ?? 0 };
}

const shown = (p: PeriodTotal) => ({ period: p.period, amount: centsToDecimal(p.cents), jobs: p.jobs });

export async function driverEarnings(db: Tx, driverId: number, now = new Date()): Promise<TDriverEarnings> {
  const since = earningsSince(now, EARNINGS_WEEKS, EARNINGS_MONTHS);
  const [fees, total] = await Promise.all([feesSince(db, driverId, since), allTime(db, driverId)]);
  const periods = earningsByPeriod(fees, now, { weeks: EARNINGS_WEEKS, months: EARNINGS_MONTHS });
  return {
    weeks: periods.weeks.map(shown),
    months: periods.months.map(shown),
    total: centsToDecimal(total.cents),
    jobs: total.jobs,
  };
}
