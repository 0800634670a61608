// Mobile-money tests' shared steps: an app pointed at the payments stand-in and listening (so the stand-in's
// callbacks reach it), proven numbers for the parties, and the queue worked now instead of on its timer.
import { createServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { TOrder } from '../../contract/orders';
import type { TMobilePayment } from '../../contract/payments';
import type { AppContext } from '../context';
import { rowsOf } from '../db/client';
import { users } from '../db/schema';
import { escrowReleaser } from '../orders/escrow-releaser';
import { paymentsWorker } from '../payments/payments-worker';
import { call, createTestApp, type Session, type TestApp } from './harness';
import { momoEnv, orangeEnv, type PaymentsStandIn } from './payments-stand-in';

/** A port free now, for an app whose PUBLIC_URL must name it before it listens. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The app with MTN (both products) and Orange on the stand-in, listening on PUBLIC_URL for their callbacks. */
export async function paymentsApp(
  stand: PaymentsStandIn,
  env: Record<string, string> = {},
): Promise<TestApp> {
  const port = await freePort();
  const t = await createTestApp({
    CURRENCY: 'XAF',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // The timers stay out of the way: tests work the queue themselves.
    PAYMENTS_POLL_MS: '600000',
    OUTBOUND_TIMEOUT_MS: '2000',
    ...momoEnv(stand),
    ...orangeEnv(stand),
    ...env,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  return t;
}

/** Gives the user a proven number (as a verified SMS code would). */
export async function proveNumber(ctx: AppContext, session: Session, phone: string): Promise<void> {
  await ctx.db
    .update(users)
    .set({ verifiedPhone: phone, phoneVerifiedVia: 'sms' })
    .where(eq(users.id, session.user.id));
}

/**
 * Makes every pending move due now. Instances doing it at once (and their workers) lock the same rows in another
 * order: PostgreSQL then ends one of them as a deadlock (40P01), which only has to try again.
 */
async function makePendingDue(ctx: AppContext): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await ctx.db.execute(sql`update money_moves set due_at = now() where status = 'pending'`);
      return;
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
      if (code !== '40P01' || attempt >= 5) {
        throw error;
      }
    }
  }
}

/**
 * Every pending move due now, then the worker's runs until none is left due: what the timer would do, without
 * waiting for the delays. A run skips a row a callback's hint holds locked for a moment; the next run takes it.
 */
export async function workQueue(ctx: AppContext): Promise<void> {
  await makePendingDue(ctx);
  for (let run = 0; run < 20; run++) {
    await paymentsWorker.of(ctx).runOnce();
    const [left] = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`select count(*)::int as n from money_moves
        where status = 'pending' and due_at <= now() and (claimed_until is null or claimed_until < now())`),
    );
    if ((left?.n ?? 0) === 0) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The releaser's run as if it ran at `at`. */
export function releaseAt(ctx: AppContext, at: number): Promise<number> {
  return escrowReleaser.of(ctx).runOnce(at);
}

export async function payByMobile(
  t: TestApp,
  buyer: Session,
  orderId: number,
  payload: { provider: 'mtn_momo' | 'orange_money'; phone?: string },
): Promise<{ status: number; body: TMobilePayment & { code?: string; message?: string } }> {
  const res = await call(t.app, buyer.cookie, {
    method: 'POST',
    url: `/api/orders/${orderId}/mobile-payments`,
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

export async function orderOf(t: TestApp, who: Session, id: number): Promise<TOrder> {
  const res = await call(t.app, who.cookie, { method: 'GET', url: `/api/orders/${id}` });
  if (res.statusCode !== 200) {
    throw new Error(`order ${id}: ${res.statusCode} ${res.body}`);
  }
  return res.json<TOrder>();
}

export async function mobilePayment(t: TestApp, who: Session, id: number) {
  return call(t.app, who.cookie, { method: 'GET', url: `/api/mobile-payments/${id}` });
}
