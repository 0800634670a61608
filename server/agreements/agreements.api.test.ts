// Forward agreements through the real server and the payments stand-in: proposed, countered once, accepted, the
// deposit (and input advance) paid by mobile money, partial deliveries as orders, and every way it ends, with the
// operator's and the farm's books balancing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TForwardAgreement, TFulfilmentRecord, TFutures } from '../../contract/forward-agreements';
import type { TOrder } from '../../contract/orders';
import { rowsOf } from '../db/client';
import { today } from '../finance';
import { orderOf, paymentsApp, proveNumber, workQueue } from '../test/escrow-flow';
import { createFarm, userWithRole } from '../test/factories';
import { makeCoop } from '../test/groups';
import { call, ok, type Session, type TestApp } from '../test/harness';
import { type PaymentsStandIn, startPaymentsStandIn } from '../test/payments-stand-in';
import { agreementSettler } from './agreement-settler';

let stand: PaymentsStandIn;
let t: TestApp;
let manager: Session;

const DAY_MS = 86_400_000;
const dayFromNow = (days: number) =>
  new Date(Date.parse(`${today()}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

beforeAll(async () => {
  stand = await startPaymentsStandIn();
  t = await paymentsApp(stand);
  manager = await userWithRole(t.app, t.ctx, 'manager');
});

afterAll(async () => {
  await t.close();
  await stand.close();
});

interface Parties {
  buyer: Session;
  farmer: Session;
  farmId: number;
}

async function parties(): Promise<Parties> {
  const buyer = await userWithRole(t.app, t.ctx, 'buyer');
  const farmer = await userWithRole(t.app, t.ctx, 'farmer');
  const farmId = (await createFarm(t.app, farmer)).id;
  await proveNumber(t.ctx, buyer, '+237670000002');
  await proveNumber(t.ctx, farmer, '+237670000001');
  return { buyer, farmer, farmId };
}

const terms = (overrides: Record<string, unknown> = {}) => ({
  crop: 'maize',
  grade: 'A',
  quantity: 5,
  tolerancePercent: 10,
  pricing: { kind: 'fixed', price: 200 },
  deliveryFrom: today(),
  deliveryTo: dayFromNow(30),
  place: 'Magasin de Bafoussam',
  depositPercent: 20,
  ...overrides,
});

const send = (
  who: Session,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => call(t.app, who.cookie, { method, url, ...(payload ? { payload } : {}) });

async function propose(p: Parties, overrides: Record<string, unknown> = {}): Promise<TForwardAgreement> {
  return ok<TForwardAgreement>(
    await send(p.buyer, 'POST', '/api/forward-agreements', {
      sellerId: p.farmer.user.id,
      ...terms(overrides),
    }),
    201,
  );
}

async function decide(who: Session, id: number, decision: object, status = 200) {
  return ok<TForwardAgreement>(
    await send(who, 'POST', `/api/forward-agreements/${id}/decision`, decision),
    status,
  );
}

/** Proposed, accepted, the deposit paid by MTN and the queue worked: active (its advance paid out). */
async function activeAgreement(
  p: Parties,
  overrides: Record<string, unknown> = {},
): Promise<TForwardAgreement> {
  const proposed = await propose(p, overrides);
  await decide(p.farmer, proposed.id, { decision: 'accept' });
  const paying = await ok<TForwardAgreement>(
    await send(p.buyer, 'POST', `/api/forward-agreements/${proposed.id}/deposit`, { provider: 'mtn_momo' }),
    201,
  );
  expect(paying.depositPayment?.status).toBe('pending');
  await workQueue(t.ctx);
  await workQueue(t.ctx);
  const active = await get(p.buyer, proposed.id);
  expect(active.status).toBe('active');
  return active;
}

async function get(who: Session, id: number): Promise<TForwardAgreement> {
  return ok<TForwardAgreement>(await send(who, 'GET', `/api/forward-agreements/${id}`), 200);
}

async function deliver(p: Parties, id: number, quantity: number) {
  return send(p.farmer, 'POST', `/api/forward-agreements/${id}/orders`, { quantity });
}

/** The operator's escrow not yet on any order (agreements' deposits): nothing once every agreement ended. */
async function agreementEscrowCents(): Promise<number> {
  const [row] = rowsOf<{ balance: string | null }>(
    await t.ctx.db.execute(sql`select sum(credit_cents - debit_cents) as balance from operator_lines
      where account = 'escrow' and order_id is null`),
  );
  return Number(row?.balance ?? 0);
}

/** Every farm's books and the operator's books balance: debits equal credits. */
async function booksBalance(): Promise<void> {
  const [farm] = rowsOf<{ d: string; c: string }>(
    await t.ctx.db.execute(sql`select sum(debit_cents) as d, sum(credit_cents) as c from journal_lines`),
  );
  expect(farm?.d).toBe(farm?.c);
  const [op] = rowsOf<{ d: string; c: string }>(
    await t.ctx.db.execute(sql`select sum(debit_cents) as d, sum(credit_cents) as c from operator_lines`),
  );
  expect(op?.d).toBe(op?.c);
}

async function farmBalance(farmId: number, account: string): Promise<number> {
  const [row] = rowsOf<{ balance: string | null }>(
    await t.ctx.db.execute(sql`select sum(l.debit_cents - l.credit_cents) as balance
      from journal_lines l join journal_entries e on e.id = l.entry_id
      where e.farm_id = ${farmId} and l.account = ${account}`),
  );
  return Number(row?.balance ?? 0) / 100;
}

describe('proposing and answering', () => {
  it('is proposed by a buyer, seen by both parties and managers only, countered once, then accepted', async () => {
    const p = await parties();
    const proposed = await propose(p);
    expect(proposed).toMatchObject({ status: 'proposed', turn: 'seller', quantity: 5, deposit: 200 });
    expect((await get(p.farmer, proposed.id)).id).toBe(proposed.id);
    expect((await get(manager, proposed.id)).id).toBe(proposed.id);
    const outsider = await userWithRole(t.app, t.ctx, 'farmer');
    expect((await send(outsider, 'GET', `/api/forward-agreements/${proposed.id}`)).statusCode).toBe(404);
    const listed = await ok<{ data: TForwardAgreement[] }>(
      await send(outsider, 'GET', '/api/forward-agreements'),
      200,
    );
    expect(listed.data.map((a) => a.id)).not.toContain(proposed.id);

    // The buyer cannot answer their own proposal; the seller counters with a lower quantity.
    expect(
      (await send(p.buyer, 'POST', `/api/forward-agreements/${proposed.id}/decision`, { decision: 'accept' }))
        .statusCode,
    ).toBe(403);
    const countered = await decide(p.farmer, proposed.id, { decision: 'counter', terms: { quantity: 4 } });
    expect(countered).toMatchObject({
      status: 'countered',
      turn: 'buyer',
      countered: true,
      quantity: 4,
      deposit: 160,
    });
    // Once only: the buyer may not counter back.
    const again = await send(p.buyer, 'POST', `/api/forward-agreements/${proposed.id}/decision`, {
      decision: 'counter',
      terms: { quantity: 5 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/once/);
    const accepted = await decide(p.buyer, proposed.id, { decision: 'accept' });
    expect(accepted).toMatchObject({ status: 'accepted', turn: null });
  });

  it("goes to a co-operative's admins, who answer for it; its members and keeper do not", async () => {
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const coop = await makeCoop(t, send, { members: 1 });
    const proposed = await ok<TForwardAgreement>(
      await send(buyer, 'POST', '/api/forward-agreements', { groupId: coop.group.id, ...terms() }),
      201,
    );
    expect(proposed.group).toEqual({ id: coop.group.id, name: 'Coop Menoua' });
    const seen = await get(coop.admin, proposed.id);
    expect(seen.you).toBe('seller');
    expect((await get(buyer, proposed.id)).you).toBe('buyer');
    for (const other of [coop.keeper, ...coop.members]) {
      expect((await send(other, 'GET', `/api/forward-agreements/${proposed.id}`)).statusCode).toBe(404);
    }
    const notices = await ok<{ type: string; data: { reason?: string } }[]>(
      await send(coop.admin, 'GET', '/api/notifications?limit=10'),
      200,
    );
    expect(notices.some((n) => n.type === 'forward_agreement' && n.data.reason === 'proposed')).toBe(true);
    expect((await decide(coop.admin, proposed.id, { decision: 'accept' })).status).toBe('accepted');
    const listed = await ok<{ data: TForwardAgreement[] }>(
      await send(coop.admin, 'GET', '/api/forward-agreements'),
      200,
    );
    expect(listed.data.map((a) => a.id)).toContain(proposed.id);
  });

  it('refuses a farmer proposing, a proposal to a buyer, a window past or reversed, and bad terms', async () => {
    const p = await parties();
    const asFarmer = await send(p.farmer, 'POST', '/api/forward-agreements', {
      sellerId: p.buyer.user.id,
      ...terms(),
    });
    expect(asFarmer.statusCode).toBe(403);
    const toBuyer = await send(p.buyer, 'POST', '/api/forward-agreements', {
      sellerId: p.buyer.user.id,
      ...terms(),
    });
    expect(toBuyer.statusCode).toBe(404);
    for (const bad of [
      { deliveryFrom: dayFromNow(-20), deliveryTo: dayFromNow(-10) },
      { deliveryFrom: dayFromNow(10), deliveryTo: dayFromNow(5) },
      { tolerancePercent: 25 },
      { depositPercent: 60 },
      { pricing: { kind: 'floor', floor: 100, sharePercent: 30 } },
    ]) {
      const res = await send(p.buyer, 'POST', '/api/forward-agreements', {
        sellerId: p.farmer.user.id,
        ...terms(bad),
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const none = await ok<{ data: TForwardAgreement[] }>(
      await send(p.farmer, 'GET', '/api/forward-agreements'),
      200,
    );
    expect(none.data).toEqual([]);
  });

  it('declined or withdrawn before it is active, it simply ends', async () => {
    const p = await parties();
    const one = await propose(p);
    expect((await decide(p.farmer, one.id, { decision: 'decline', note: 'Trop tôt' })).status).toBe(
      'declined',
    );
    const two = await propose(p);
    await decide(p.farmer, two.id, { decision: 'accept' });
    const withdrawn = await ok<TForwardAgreement>(
      await send(p.buyer, 'POST', `/api/forward-agreements/${two.id}/withdraw`),
      200,
    );
    expect(withdrawn.status).toBe('withdrawn');
    expect(
      (await send(p.buyer, 'POST', `/api/forward-agreements/${two.id}/deposit`, { provider: 'mtn_momo' }))
        .statusCode,
    ).toBe(409);
  });
});

describe('the deposit, the advance and deliveries', () => {
  it('pays the advance out at once and counts the deposit and the advance pro rata on each delivery', async () => {
    const p = await parties();
    const active = await activeAgreement(p, { inputAdvance: { amount: 100, note: 'Semences et engrais' } });
    expect(active).toMatchObject({ depositHeld: 200, advanceOutstanding: 100 });
    // The advance reached the seller's mobile money, owed back (a payable).
    expect(await farmBalance(p.farmId, 'mobile_money')).toBe(100);
    expect(await farmBalance(p.farmId, 'payables')).toBe(-100);

    const first = await ok<{ agreement: TForwardAgreement; orderId: number }>(
      await deliver(p, active.id, 2),
      201,
    );
    const order = await orderOf(t, p.buyer, first.orderId);
    // 2 t at 200: 400, of which the deposit's share (2/5 of 200) and the advance's (2/5 of 100) are paid.
    expect(order.total).toBe(400);
    expect(order.payment).toMatchObject({ paid: 120, due: 280 });
    expect(first.agreement).toMatchObject({
      delivered: 2,
      remaining: 3,
      depositHeld: 120,
      advanceOutstanding: 60,
    });
    expect(await farmBalance(p.farmId, 'payables')).toBe(-60);

    // More than the quantity with its tolerance: refused, nothing made.
    const tooMuch = await deliver(p, active.id, 3.6);
    expect(tooMuch.statusCode).toBe(409);
    expect((await get(p.farmer, active.id)).deliveries).toHaveLength(1);
    // 2.5 t more reaches the lower bound (4.5 t): all that is left of the deposit and the advance is counted.
    const second = await ok<{ agreement: TForwardAgreement; orderId: number }>(
      await deliver(p, active.id, 2.5),
      201,
    );
    expect(second.agreement).toMatchObject({
      delivered: 4.5,
      remaining: 0,
      depositHeld: 0,
      advanceOutstanding: 0,
    });
    expect((await orderOf(t, p.buyer, second.orderId)).payment.paid).toBe(180);

    // The first order as any other: the buyer pays the rest, takes the goods with their code, lets the escrow go.
    // The seller is paid what the buyer paid (280) and the deposit's share (80): 360, the advance's 40 kept back.
    await ok(
      await send(p.buyer, 'POST', `/api/orders/${first.orderId}/mobile-payments`, { provider: 'mtn_momo' }),
      201,
    );
    await workQueue(t.ctx);
    const arranged = await ok<TOrder>(
      await send(p.farmer, 'POST', `/api/orders/${first.orderId}/delivery`, { mode: 'pickup' }),
      201,
    );
    const code = (await orderOf(t, p.buyer, first.orderId)).handoverCode;
    await ok(
      await call(t.app, p.farmer.cookie, {
        method: 'PATCH',
        url: `/api/deliveries/${arranged.delivery?.id}`,
        payload: { status: 'delivered', code },
      }),
      200,
    );
    await ok(await send(p.buyer, 'POST', `/api/orders/${first.orderId}/release`), 200);
    await workQueue(t.ctx);
    expect(await farmBalance(p.farmId, 'mobile_money')).toBe(100 + 360);
    // What is still owed: the second order's 500 less the advance's 60 counted on it.
    expect(await farmBalance(p.farmId, 'receivables')).toBe(440);
    await booksBalance();
  });

  it('refuses a delivery by the buyer, by an outsider, beyond the window, or before it is active', async () => {
    const p = await parties();
    const later = await activeAgreement(p, { deliveryFrom: dayFromNow(10), deliveryTo: dayFromNow(40) });
    const outside = await deliver(p, later.id, 1);
    expect(outside.statusCode).toBe(409);
    expect(outside.json().message).toContain(dayFromNow(10));
    expect(
      (await send(p.buyer, 'POST', `/api/forward-agreements/${later.id}/orders`, { quantity: 1 })).statusCode,
    ).toBe(403);
    const outsider = await userWithRole(t.app, t.ctx, 'farmer');
    expect(
      (await send(outsider, 'POST', `/api/forward-agreements/${later.id}/orders`, { quantity: 1 }))
        .statusCode,
    ).toBe(404);
    const proposed = await propose(p);
    expect((await deliver(p, proposed.id, 1)).statusCode).toBe(409);
  });
});

describe('pricing by a floor and the market', () => {
  /** A trade of sorghum at `price` a ton today: the market's price of the day. */
  async function sorghumTrade(price: number): Promise<void> {
    const seller = await userWithRole(t.app, t.ctx, 'farmer');
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const listing = await ok<{ id: number }>(
      await send(seller, 'POST', '/api/commodities', { name: 'Sorghum', quantity: 3, price, grade: 'A' }),
      201,
    );
    const bid = await ok<{ id: number }>(
      await send(buyer, 'POST', '/api/bids', { commodityId: listing.id, price, quantity: 1 }),
      201,
    );
    await ok(
      await call(t.app, seller.cookie, {
        method: 'PATCH',
        url: `/api/bids/${bid.id}`,
        payload: { status: 'accepted' },
      }),
      200,
    );
  }

  it('pays the share of the market price when above the floor, the floor when above the share', async () => {
    await sorghumTrade(300);
    const p = await parties();
    const share = await activeAgreement(p, {
      crop: 'sorghum',
      pricing: { kind: 'floor', floor: 200, sharePercent: 80 },
    });
    expect(share).toMatchObject({ marketPrice: 300, priceToday: 240 });
    const made = await ok<{ agreement: TForwardAgreement; orderId: number }>(
      await deliver(p, share.id, 1),
      201,
    );
    expect((await orderOf(t, p.buyer, made.orderId)).total).toBe(240);

    const q = await parties();
    const floor = await activeAgreement(q, {
      crop: 'sorghum',
      pricing: { kind: 'floor', floor: 280, sharePercent: 80 },
    });
    expect(floor.priceToday).toBe(280);
    const floored = await ok<{ orderId: number }>(await deliver(q, floor.id, 1), 201);
    expect((await orderOf(t, q.buyer, floored.orderId)).total).toBe(280);
  });
});

describe('the end of the window', () => {
  const settle = (days: number) => agreementSettler.of(t.ctx).runOnce(dayFromNow(days));

  it('settles partly delivered pro rata, undelivered for the buyer, and a buyer walking away for the seller', async () => {
    const partly = await parties();
    const a = await activeAgreement(partly);
    await ok(await deliver(partly, a.id, 2), 201);
    const none = await parties();
    const b = await activeAgreement(none);
    const walked = await parties();
    const c = await activeAgreement(walked);
    const gone = await ok<TForwardAgreement>(
      await send(walked.buyer, 'POST', `/api/forward-agreements/${c.id}/withdraw`),
      200,
    );
    expect(gone.status).toBe('defaulted_by_buyer');

    // Within the grace days after the window nothing is settled yet; past them, once.
    expect(await settle(31)).toBe(0);
    expect(await settle(38)).toBeGreaterThanOrEqual(2);
    expect(await settle(38)).toBe(0);
    await workQueue(t.ctx);
    const settledA = await get(partly.buyer, a.id);
    expect(settledA).toMatchObject({ status: 'partly_fulfilled', depositHeld: 0 });
    expect((await get(none.buyer, b.id)).status).toBe('defaulted_by_seller');
    // The deposit of 200 went to the seller who was walked away from, booked as their income.
    expect(await farmBalance(walked.farmId, 'mobile_money')).toBe(200);
    expect(await farmBalance(walked.farmId, 'income:other_income')).toBe(-200);

    const refunds = rowsOf<{ user_id: number; amount_cents: string; status: string }>(
      await t.ctx.db.execute(sql`select user_id, amount_cents, status from money_moves
        where kind = 'refund' and agreement_id in (${a.id}, ${b.id}) order by agreement_id`),
    );
    // 3 of 5 t undelivered: 120 of the 200 back to the buyer; nothing delivered: all of it.
    expect(refunds.map((r) => [r.user_id, Number(r.amount_cents) / 100, r.status])).toEqual([
      [partly.buyer.user.id, 120, 'succeeded'],
      [none.buyer.user.id, 200, 'succeeded'],
    ]);
    await booksBalance();

    const record = await ok<TFulfilmentRecord>(
      await send(walked.farmer, 'GET', `/api/users/${walked.buyer.user.id}/agreement-record`),
      200,
    );
    expect(record).toEqual({ ended: 1, fulfilled: 0, partly: 0, defaulted: 1 });
    const sellerRecord = await ok<TFulfilmentRecord>(
      await send(none.buyer, 'GET', `/api/users/${none.farmer.user.id}/agreement-record`),
      200,
    );
    expect(sellerRecord.defaulted).toBe(1);
  });

  it('waits for a manager when disputed, who decides', async () => {
    const p = await parties();
    const a = await activeAgreement(p);
    const disputed = await ok<TForwardAgreement>(
      await send(p.farmer, 'POST', `/api/forward-agreements/${a.id}/dispute`, {
        note: "L'acheteur ne vient pas chercher",
      }),
      200,
    );
    expect(disputed.status).toBe('disputed');
    await settle(38);
    expect((await get(p.buyer, a.id)).status).toBe('disputed');
    expect(
      (
        await send(p.buyer, 'POST', `/api/forward-agreements/${a.id}/resolve`, {
          outcome: 'fulfilled',
          note: 'non',
        })
      ).statusCode,
    ).toBe(403);
    const decided = await ok<TForwardAgreement>(
      await send(manager, 'POST', `/api/forward-agreements/${a.id}/resolve`, {
        outcome: 'defaulted_by_buyer',
        note: 'The buyer did not come in the window',
      }),
      200,
    );
    expect(decided.status).toBe('defaulted_by_buyer');
    await workQueue(t.ctx);
    expect(await farmBalance(p.farmId, 'mobile_money')).toBe(200);
    await booksBalance();
  });

  it('leaves no deposit in escrow off the orders once every agreement here has ended', async () => {
    await settle(400);
    const open = rowsOf<{ n: number }>(
      await t.ctx.db.execute(
        sql`select count(*)::int as n from forward_agreements where status in ('active', 'disputed')`,
      ),
    );
    if ((open[0]?.n ?? 0) === 0) {
      await workQueue(t.ctx);
      expect(await agreementEscrowCents()).toBe(0);
    }
  });
});

describe('the Futures tab', () => {
  it("shows the seller's contracted, delivered and to-deliver tons, deposits held and expected income by month", async () => {
    const p = await parties();
    const a = await activeAgreement(p, { deliveryTo: dayFromNow(40) });
    await ok(await deliver(p, a.id, 1), 201);
    const futures = await ok<TFutures>(await send(p.farmer, 'GET', '/api/financial/futures'), 200);
    expect(futures).toMatchObject({ contracted: 5, delivered: 1, toDeliver: 4, depositsHeld: 160 });
    expect(futures.agreements.map((x) => x.id)).toEqual([a.id]);
    const expected = futures.byMonth.reduce((sum, m) => sum + m.expected, 0);
    expect(expected).toBe(800);
    // The farm's projections show the same contracted income beside their guess from history.
    const projections = await ok<{ months: { month: string; contracted: number }[] }>(
      await send(p.farmer, 'GET', `/api/farms/${p.farmId}/projections`),
      200,
    );
    const inWindow = futures.byMonth.filter((m) => projections.months.some((x) => x.month === m.month));
    expect(inWindow.length).toBeGreaterThan(0);
    for (const m of inWindow) {
      expect(projections.months.find((x) => x.month === m.month)?.contracted).toBe(m.expected);
    }
    const buyerSide = await ok<TFutures>(await send(p.buyer, 'GET', '/api/financial/futures'), 200);
    expect(buyerSide.contracted).toBe(5);
    const order = (await ok<TOrder[]>(await send(p.buyer, 'GET', '/api/orders?as=buyer&limit=5'), 200))[0];
    expect(order?.total).toBe(200);
  });
});
