// Settlement tests' steps through the real API: a co-operative with its admin, active members and a store, intakes
// into its bulk lots, and a bulk lot sold through the marketplace (listed by the admin for the co-operative, bid,
// accepted, paid into escrow by MTN, handed over with the buyer's code and released: the proceeds pooled).
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TBulkLot, TGroup, TIntake } from '../../contract/groups';
import type { TCommodity } from '../../contract/marketplace';
import type { TOrder } from '../../contract/orders';
import type { TStore } from '../../contract/stock';
import { rowsOf } from '../db/client';
import { operatorLinesOf, operatorTotals } from '../payments';
import type { Send } from './agent-sale';
import { mobilePayment, payByMobile, proveNumber } from './escrow-flow';
import { deliverWithCode, settleQueue } from './escrow-steps';
import { userWithRole } from './factories';
import { ok, registerUser, type Session, type TestApp } from './harness';
import type { PaymentsStandIn } from './payments-stand-in';

export interface Coop {
  admin: Session;
  group: TGroup;
  store: TStore;
  members: Session[];
}

/** A co-operative made by a new admin, with `members` members who asked and were accepted, and one store. */
export async function makeCoop(
  t: TestApp,
  send: Send,
  options: {
    members: number;
    rules?: Record<string, unknown>;
    language?: (i: number) => 'en' | 'fr';
  },
): Promise<Coop> {
  const admin = await userWithRole(t.app, t.ctx, 'farmer');
  const group = await ok<TGroup>(
    await send(admin, 'POST', '/api/groups', {
      name: 'Coop Menoua',
      kind: 'cooperative',
      region: 'West',
      crops: ['Maize'],
      ...options.rules,
    }),
    201,
  );
  const members: Session[] = [];
  for (let i = 0; i < options.members; i++) {
    const member = await registerUser(t.app, { role: 'farmer', language: options.language?.(i) ?? 'en' });
    await ok(await send(member, 'POST', `/api/groups/${group.id}/members`, {}), 201);
    await ok(
      await send(admin, 'POST', `/api/groups/${group.id}/members/${member.user.id}/decision`, {
        accept: true,
      }),
    );
    members.push(member);
  }
  const store = await ok<TStore>(
    await send(admin, 'POST', `/api/groups/${group.id}/stores`, { name: 'Magasin de Dschang' }),
    201,
  );
  return { admin, group, store, members };
}

/** The admin records a member's delivery of maize (kg) of a grade at the co-operative's store. */
export async function intake(
  send: Send,
  coop: Coop,
  member: Session,
  grade: 'A' | 'B' | 'C',
  kg: number,
): Promise<TIntake> {
  return ok<TIntake>(
    await send(coop.admin, 'POST', `/api/groups/${coop.group.id}/intakes`, {
      memberId: member.user.id,
      crop: 'Maize',
      grade,
      quantity: kg / 1000,
      bags: Math.max(1, Math.round(kg / 50)),
      storeId: coop.store.id,
    }),
    201,
  );
}

export async function bulkLots(send: Send, coop: Coop): Promise<TBulkLot[]> {
  return (await ok<{ data: TBulkLot[] }>(await send(coop.admin, 'GET', `/api/groups/${coop.group.id}/lots`)))
    .data;
}

export interface CoopSale {
  listing: TCommodity;
  order: TOrder;
  released: TOrder;
}

/**
 * The admin lists `listed` t of the lot for the co-operative at `price`; a buyer (with a proven number) bids for
 * `quantity` t at `price`; the admin accepts; the buyer pays by MTN, the admin hands over with the buyer's code and
 * the buyer releases the escrow: the seller payout is pooled for the co-operative.
 */
export async function sellFromLot(
  t: TestApp,
  stand: PaymentsStandIn,
  send: Send,
  coop: Coop,
  lot: { lotId: number; grade: 'A' | 'B' | 'C'; listed: number; quantity: number; price: number },
): Promise<CoopSale> {
  const account = coop.group.account;
  if (!account) {
    throw new Error('a co-operative has its account');
  }
  const listing = await ok<TCommodity>(
    await send(coop.admin, 'POST', '/api/commodities', {
      name: 'Maize',
      quantity: lot.listed,
      price: lot.price,
      grade: lot.grade,
      lotId: lot.lotId,
      onBehalfOf: account.id,
    }),
    201,
  );
  const buyer = await userWithRole(t.app, t.ctx, 'buyer');
  await proveNumber(t.ctx, buyer, '+237670000002');
  const bid = await ok<{ id: number }>(
    await send(buyer, 'POST', '/api/bids', {
      commodityId: listing.id,
      price: lot.price,
      quantity: lot.quantity,
    }),
    201,
  );
  await ok(await send(coop.admin, 'PATCH', `/api/bids/${bid.id}`, { status: 'accepted' }));
  const [order] = await ok<TOrder[]>(await send(buyer, 'GET', '/api/orders?as=buyer&limit=1'));
  if (!order) {
    throw new Error('the buyer has no order');
  }
  const paid = await payByMobile(t, buyer, order.id, { provider: 'mtn_momo' });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  await settleQueue(t, stand);
  expect((await mobilePayment(t, buyer, paid.body.id)).json().status).toBe('succeeded');
  await deliverWithCode(t, { seller: coop.admin, buyer, orderId: order.id });
  const released = await ok<TOrder>(await send(buyer, 'POST', `/api/orders/${order.id}/release`));
  await settleQueue(t, stand);
  return { listing, order, released };
}

/** The operator's totals from its whole journal. */
export async function operatorBooks(t: TestApp) {
  return operatorTotals(await operatorLinesOf(t.ctx.db));
}

/** Every member payout's status by payee. */
export async function memberMoves(t: TestApp): Promise<{ userId: number; status: string; amount: number }[]> {
  return rowsOf<{ user_id: number; status: string; amount_cents: string }>(
    await t.ctx.db.execute(
      sql`select user_id, status, amount_cents from money_moves where kind = 'member' order by id`,
    ),
  ).map((r) => ({ userId: r.user_id, status: r.status, amount: Number(r.amount_cents) }));
}
