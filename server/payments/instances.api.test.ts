// Two app instances on one PostgreSQL work the payments queue at the same time: every collection and every payout
// is started with MTN once, and settled once (one operator entry per event, one farm-book entry per payout).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrder } from '../../contract/orders';
import { rowsOf } from '../db/client';
import type { FarmSold } from '../test/completed-order';
import { orderOf, payByMobile, paymentsApp, releaseAt, workQueue } from '../test/escrow-flow';
import { deliverWithCode, farmAccounts, operatorEscrow, provenSale } from '../test/escrow-steps';
import { userWithRole } from '../test/factories';
import { createSecondInstance, type Session, type TestApp } from '../test/harness';
import { type PaymentsStandIn, startPaymentsStandIn } from '../test/payments-stand-in';

const onPostgres = process.env.TEST_DB === 'postgres';
const SALES = 6;
const ROUNDS = 8;
const HOUR = 3_600_000;

let stand: PaymentsStandIn;
let a: TestApp;
let b: TestApp;
let manager: Session;

beforeAll(async () => {
  if (!onPostgres) {
    return;
  }
  stand = await startPaymentsStandIn();
  a = await paymentsApp(stand);
  b = await createSecondInstance(a);
  manager = await userWithRole(a.app, a.ctx, 'manager');
});

afterAll(async () => {
  if (!onPostgres) {
    return;
  }
  await b.close();
  await a.close();
  await stand.close();
});

/** Both instances work the whole queue at once, round after round, until `done` or the rounds run out. */
async function bothWork(done: () => Promise<boolean>): Promise<void> {
  for (let round = 0; round < ROUNDS && !(await done()); round++) {
    await Promise.all([workQueue(a.ctx), workQueue(b.ctx), workQueue(a.ctx), workQueue(b.ctx)]);
  }
}

interface MoveLine {
  id: number;
  order_id: number;
  kind: string;
  status: string;
  reference: string;
}

async function movesOf(orderIds: number[]): Promise<MoveLine[]> {
  return rowsOf<MoveLine>(
    await a.ctx.db.execute(sql`select id, order_id, kind, status, reference from money_moves
      where order_id in (${sql.join(orderIds, sql`, `)}) order by id`),
  );
}

/** The operator's entries per move, by what they book ("account debit/credit"). */
async function operatorEntriesOf(moveId: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await a.ctx.db.execute(sql`select count(*)::int as n from operator_entries where move_id = ${moveId}`),
  );
  return Number(row?.n ?? 0);
}

/** A farm's journal entries that move money into its mobile-money account. */
async function mobileMoneyEntries(farmId: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await a.ctx.db.execute(sql`select count(distinct e.id)::int as n from journal_entries e
      join journal_lines l on l.entry_id = e.id where e.farm_id = ${farmId} and l.account = 'mobile_money'`),
  );
  return Number(row?.n ?? 0);
}

describe.runIf(onPostgres)('two instances on one PostgreSQL', () => {
  it('start every collection and payout with MTN once, and settle each once', {
    timeout: 120_000,
  }, async () => {
    const sales: FarmSold[] = [];
    for (let i = 0; i < SALES; i++) {
      sales.push(await provenSale(a, { sellerPhone: `+23767000010${i}`, buyerPhone: `+23767000020${i}` }));
    }
    const orderIds = sales.map((s) => s.order.id);

    // Each buyer pays on one instance or the other; MTN says pending a few times, and never calls back.
    for (const [i, sold] of sales.entries()) {
      stand.script('momo', { noCallback: true, pendingPolls: 2 });
      const paid = await payByMobile(i % 2 === 0 ? a : b, sold.buyer, sold.order.id, {
        provider: 'mtn_momo',
      });
      expect(paid.status).toBe(201);
    }
    const collected = async () =>
      (await movesOf(orderIds)).every((m) => m.kind === 'collection' && m.status === 'succeeded');
    await bothWork(collected);
    expect(await collected()).toBe(true);
    for (const sold of sales) {
      await deliverWithCode(a, { seller: sold.farmer, buyer: sold.buyer, orderId: sold.order.id });
    }

    // Both instances release after the hold while both work the queue: the payouts race to be claimed.
    for (let i = 0; i < SALES; i++) {
      stand.script('momo', { noCallback: true, pendingPolls: 2 });
    }
    const later = Date.now() + 49 * HOUR;
    await Promise.all([releaseAt(a.ctx, later), releaseAt(b.ctx, later), workQueue(a.ctx), workQueue(b.ctx)]);
    const paidOut = async () => {
      const payouts = (await movesOf(orderIds)).filter((m) => m.kind === 'seller');
      return payouts.length === SALES && payouts.every((m) => m.status === 'succeeded');
    };
    await bothWork(paidOut);
    expect(await paidOut()).toBe(true);

    const moves = await movesOf(orderIds);
    // One collection and one payout per order, each sent to MTN once under its own reference.
    expect(moves.map((m) => m.kind).sort()).toEqual([
      ...Array<string>(SALES).fill('collection'),
      ...Array<string>(SALES).fill('seller'),
    ]);
    for (const move of moves) {
      expect(stand.wallet.requests(move.reference), `${move.kind} of order ${move.order_id}`).toBe(1);
      // Collected: one entry; a payout: released, then paid out.
      expect(await operatorEntriesOf(move.id)).toBe(move.kind === 'collection' ? 1 : 2);
    }
    for (const orderId of orderIds) {
      const transfers = stand.requests.filter(
        (r) =>
          r.method === 'POST' &&
          r.path === '/disbursement/v1_0/transfer' &&
          (r.body as { externalId?: string }).externalId === `order-${orderId}`,
      );
      expect(transfers, `transfers of order ${orderId}`).toHaveLength(1);
    }
    for (const sold of sales) {
      const order: TOrder = await orderOf(a, sold.buyer, sold.order.id);
      expect(order.payments).toHaveLength(1);
      expect(order.payouts).toEqual([
        expect.objectContaining({ kind: 'seller', amount: 500, status: 'succeeded' }),
      ]);
      expect(order.escrow).toMatchObject({ held: 0, released: 500 });
      expect(await mobileMoneyEntries(sold.farmId)).toBe(1);
      expect(await farmAccounts(a, sold.farmId)).toMatchObject({ mobile_money: 500, receivables: 0 });
    }
    const escrow = await operatorEscrow(a, manager);
    expect(escrow.held).toBe(escrow.collected - escrow.paidOut - escrow.refunded);
    expect(escrow).toMatchObject({ collected: 500 * SALES, paidOut: 500 * SALES, held: 0 });
  });
});
