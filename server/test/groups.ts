// Test helpers for groups and co-operatives: a co-operative with its admin, active members, a store keeper and a
// store, built through the real API (invitations accepted by each invitee), and a member invited and accepted.
import type { FastifyInstance } from 'fastify';
import type { GroupRole, TGroup, TIntake, TMember } from '../../contract/groups';
import type { TOrder } from '../../contract/orders';
import type { TStore } from '../../contract/stock';
import type { AppContext } from '../context';
import { type Send, sender } from './agent-sale';
import { workQueue } from './escrow-flow';
import { deliverWithCode } from './escrow-steps';
import { userWithRole } from './factories';
import { ok, type Session, type TestApp } from './harness';

export interface Coop {
  group: TGroup;
  admin: Session;
  members: Session[];
  keeper: Session;
  store: TStore;
}

/** An admin invites `who` (as `role`, member unless said) and `who` accepts: their membership. */
export async function joinByInvitation(
  send: Send,
  groupId: number,
  admin: Session,
  who: Session,
  role: GroupRole = 'member',
): Promise<TMember> {
  await ok(await send(admin, 'POST', `/api/groups/${groupId}/members`, { userId: who.user.id, role }), 201);
  return ok<TMember>(
    await send(who, 'POST', `/api/groups/${groupId}/members/${who.user.id}/decision`, { accept: true }),
  );
}

/**
 * A co-operative made by a new farmer (its admin), with `members` active members (3 unless said), an active store
 * keeper and one store (opened after the keeper joined, so the keeper keeps it). `body` adds to the group's input.
 */
export async function makeCoop(
  t: { app: FastifyInstance; ctx: AppContext },
  send: Send,
  options: { members?: number; body?: Record<string, unknown> } = {},
): Promise<Coop> {
  const admin = await userWithRole(t.app, t.ctx, 'farmer');
  const created = await ok<TGroup>(
    await send(admin, 'POST', '/api/groups', {
      name: 'Coop Menoua',
      kind: 'cooperative',
      region: 'West',
      crops: ['Maize'],
      ...options.body,
    }),
    201,
  );
  const members: Session[] = [];
  for (let i = 0; i < (options.members ?? 3); i++) {
    const member = await userWithRole(t.app, t.ctx, 'farmer');
    await joinByInvitation(send, created.id, admin, member);
    members.push(member);
  }
  const keeper = await userWithRole(t.app, t.ctx, 'farmer');
  await joinByInvitation(send, created.id, admin, keeper, 'store_keeper');
  const store = await ok<TStore>(
    await send(admin, 'POST', `/api/groups/${created.id}/stores`, {
      name: 'Magasin Dschang',
      location: 'Dschang',
    }),
    201,
  );
  const group = await ok<TGroup>(await send(admin, 'GET', `/api/groups/${created.id}`));
  return { group, admin, members, keeper, store };
}

/** `who` (the keeper, usually) records an intake for `member`: 0.3 t of grade B maize in the co-op's store unless said. */
export async function intakeFor(
  send: Send,
  coop: Coop,
  who: Session,
  member: Session,
  body: Record<string, unknown> = {},
): Promise<TIntake> {
  return ok<TIntake>(
    await send(who, 'POST', `/api/groups/${coop.group.id}/intakes`, {
      memberId: member.user.id,
      crop: 'Maize',
      grade: 'B',
      quantity: 0.3,
      storeId: coop.store.id,
      ...body,
    }),
    201,
  );
}

/**
 * The co-operative sells `quantity` t of its bulk lot (grade B maize at 300 a ton unless said): its admin lists it for
 * the co-op's party, `buyer` bids for it all, the admin accepts, the buyer pays by MTN into escrow (the app must run
 * on the payments stand-in), the admin hands it over with the buyer's code and the buyer releases the escrow: the
 * seller's payout is pooled for the co-operative. Answers the order's id.
 */
export async function coopSale(
  t: TestApp,
  coop: Coop,
  buyer: Session,
  sale: { lotId: number; quantity: number; price?: number; grade?: string },
): Promise<number> {
  const send = sender(() => t.app);
  const price = sale.price ?? 300;
  const listing = await ok<{ id: number }>(
    await send(coop.admin, 'POST', '/api/commodities', {
      name: 'Maize',
      quantity: sale.quantity,
      price,
      grade: sale.grade ?? 'B',
      lotId: sale.lotId,
      onBehalfOf: coop.group.account?.id,
    }),
    201,
  );
  const bid = await ok<{ id: number }>(
    await send(buyer, 'POST', '/api/bids', { commodityId: listing.id, price, quantity: sale.quantity }),
    201,
  );
  await ok(await send(coop.admin, 'PATCH', `/api/bids/${bid.id}`, { status: 'accepted' }));
  const orders = await ok<TOrder[]>(await send(buyer, 'GET', '/api/orders'));
  const order = orders.find((o) => o.commodity.id === listing.id);
  if (!order) {
    throw new Error('the buyer sees no order of the co-op');
  }
  await ok(
    await send(buyer, 'POST', `/api/orders/${order.id}/mobile-payments`, {
      provider: 'mtn_momo',
      phone: '237670000002',
    }),
    201,
  );
  await workQueue(t.ctx);
  await deliverWithCode(t, { seller: coop.admin, buyer, orderId: order.id });
  await ok(await send(buyer, 'POST', `/api/orders/${order.id}/release`));
  await workQueue(t.ctx);
  return order.id;
}
