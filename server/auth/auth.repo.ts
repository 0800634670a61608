// Queries for failed sign-ins.
import { and, count, eq, gt, isNull, lt, max, min, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { loginFailures } from './auth.schema';

/** Failures in the window: how many, the oldest and the newest, and the database's clock to compare them with. */
export interface FailureWindow {
  count: number;
  oldest: Date | null;
  latest: Date | null;
  now: Date;
}

/**
 * Whose failures to count: everything from an address, an untrusted client's (no device cookie) on one account
 * from one address, or one device cookie's.
 */
export type FailureScope = { ip: string } | { ip: string; usernameKey: string } | { deviceId: number };

/** Which failures are recent: in the last `windowMinutes`, and recorded before the try `before` when given. */
export interface FailureFilter {
  windowMinutes: number;
  before: number | null;
}

function scopeMatch(by: FailureScope) {
  if ('deviceId' in by) {
    return eq(loginFailures.deviceId, by.deviceId);
  }
  if ('usernameKey' in by) {
    // Failures that came with a known device count against that device, not against the account.
    return and(
      eq(loginFailures.ip, by.ip),
      eq(loginFailures.usernameKey, by.usernameKey),
      isNull(loginFailures.deviceId),
    );
  }
  return eq(loginFailures.ip, by.ip);
}

function recent(filter: FailureFilter) {
  return and(
    gt(loginFailures.createdAt, sql`now() - make_interval(mins => ${filter.windowMinutes})`),
    filter.before === null ? undefined : lt(loginFailures.id, filter.before),
  );
}

const asTime = <T extends Date | null>(expression: SQL) =>
  sql<T>`${expression}`.mapWith(loginFailures.createdAt);

export async function recentFailures(
  db: Tx,
  by: FailureScope,
  filter: FailureFilter,
): Promise<FailureWindow> {
  const [row] = await db
    .select({
      count: count(),
      oldest: min(loginFailures.createdAt),
      latest: max(loginFailures.createdAt),
      now: asTime<Date>(sql`now()`),
    })
    .from(loginFailures)
    .where(and(scopeMatch(by), recent(filter)));
  return {
    count: row?.count ?? 0,
    oldest: row?.oldest ?? null,
    latest: row?.latest ?? null,
    now: row?.now ?? new Date(),
  };
}

/**
 * An account's recent failures from untrusted clients, each address counting at most `perAddress` of them (what
 * one address can reach before it is refused, even if concurrent tries overshoot it).
 */
export async function accountFailures(
  db: Tx,
  key: string,
  perAddress: number,
  filter: FailureFilter,
): Promise<FailureWindow> {
  const byAddress = db
    .select({
      n: count().as('n'),
      oldest: min(loginFailures.createdAt).as('oldest'),
      latest: max(loginFailures.createdAt).as('latest'),
    })
    .from(loginFailures)
    .where(and(eq(loginFailures.usernameKey, key), isNull(loginFailures.deviceId), recent(filter)))
    .groupBy(loginFailures.ip)
    .as('by_address');
  const [row] = await db
    .select({
      count: sql<number>`coalesce(sum(least(${byAddress.n}, ${perAddress})), 0)`.mapWith(Number),
      oldest: asTime<Date | null>(sql`min(${byAddress.oldest})`),
      latest: asTime<Date | null>(sql`max(${byAddress.latest})`),
      now: asTime<Date>(sql`now()`),
    })
    .from(byAddress);
  return {
    count: row?.count ?? 0,
    oldest: row?.oldest ?? null,
    latest: row?.latest ?? null,
    now: row?.now ?? new Date(),
  };
}

/** Records a try as failed (until `forgetFailure` takes it back); its id orders it among concurrent tries. */
export async function recordFailure(
  db: Tx,
  failure: { usernameKey: string; ip: string; deviceId: number | null },
): Promise<number> {
  const [row] = await db.insert(loginFailures).values(failure).returning({ id: loginFailures.id });
  if (!row) {
    throw new Error('login failure not recorded');
  }
  return row.id;
}

export async function forgetFailure(db: Tx, id: number): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, id));
}
