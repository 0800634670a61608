// Agents ask to represent farmers; a farmer accepts or declines; either ends the link. Agents read their commission.

import { findUserById } from '../auth';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { SessionUser } from '../http/access';
import { AppError, badRequest, conflict } from '../http/errors';
import { notify } from '../notifications';
import {
  type AgentLinkRow,
  type AgentLinkView,
  commissionsBetween,
  commissionsOf,
  deleteLink,
  findLinkView,
  listLinksOf,
  lockLink,
  setLinkStatus,
  upsertPendingLink,
} from './agents.repo';
import { linksChanged, orderSales } from './hooks';

const linkNotFound = () => new AppError('notFound', 'orders.errors.linkNotFound');

async function announce(ctx: AppContext, tx: Tx, link: AgentLinkRow): Promise<void> {
  await ctx.bus.publish(tx, { type: 'agent_link', id: link.id }, { userIds: [link.agentId, link.farmerId] });
}

async function viewOf(ctx: AppContext, id: number): Promise<AgentLinkView> {
  const found = await findLinkView(ctx.db, id);
  if (!found) {
    throw linkNotFound();
  }
  return found;
}

export function linksOf(ctx: AppContext, options: { user: SessionUser }): Promise<AgentLinkView[]> {
  return listLinksOf(ctx.db, options.user.id);
}

/** An agent asks to represent a farmer (again after a decline); 409 while a request or link between them stands. */
export async function requestLink(
  ctx: AppContext,
  options: { user: SessionUser; farmerId: number },
): Promise<AgentLinkView> {
  const { user, farmerId } = options;
  const link = await ctx.db.transaction(async (tx) => {
    const farmer = await findUserById(tx, farmerId);
    if (farmer?.role !== 'farmer') {
      throw badRequest('orders.errors.notAFarmer');
    }
    const row = await upsertPendingLink(tx, user.id, farmerId);
    if (!row) {
      throw conflict('orders.errors.linkExists');
    }
    await announce(ctx, tx, row);
    // The farmer decides: they are told, in their language and by phone if they have one, where to answer.
    await notify(tx, ctx, [farmerId], {
      type: 'agent_link_requested',
      data: { agent: user.username },
      link: '/agent',
    });
    return row;
  });
  return viewOf(ctx, link.id);
}

/** The farmer accepts or declines a pending request; to anyone else it does not exist. */
export async function answerLink(
  ctx: AppContext,
  options: { user: SessionUser; id: number; status: 'active' | 'declined' },
): Promise<AgentLinkView> {
  const { user, id, status } = options;
  await ctx.db.transaction(async (tx) => {
    const link = await lockLink(tx, id);
    if (!link || (link.farmerId !== user.id && link.agentId !== user.id)) {
      throw linkNotFound();
    }
    if (link.farmerId !== user.id) {
      throw new AppError('forbidden', 'orders.errors.notAllowed');
    }
    if (link.status !== 'pending') {
      throw conflict('orders.errors.linkExists');
    }
    await announce(ctx, tx, await setLinkStatus(tx, id, status));
  });
  // After the commit: the agent's sight of the farmer's orders changed (other instances hear the event).
  linksChanged.call(ctx);
  return viewOf(ctx, id);
}

/**
 * Either side ends a link (or withdraws a request). Orders made while it stood keep their agent and commission, but
 * the agent no longer sees or acts on them (the orders check the link at each request).
 */
export async function endLink(ctx: AppContext, options: { user: SessionUser; id: number }): Promise<void> {
  const { user, id } = options;
  await ctx.db.transaction(async (tx) => {
    const link = await lockLink(tx, id);
    if (!link || (link.farmerId !== user.id && link.agentId !== user.id)) {
      throw linkNotFound();
    }
    await deleteLink(tx, id);
    await announce(ctx, tx, link);
  });
  // After the commit, as the orders routes do: a read in between would cache the agent's old sight of the orders.
  linksChanged.call(ctx);
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * The agent's commission statement for a period (both days included, UTC), per farmer and in total, in cents, with
 * the sales each commission was taken from. A period holds every commission it covers: no page, no cap (a statement
 * is for the books).
 */
export async function commissionStatement(
  ctx: AppContext,
  options: { user: SessionUser; from: string; to: string; farmerId: number | null },
) {
  const start = new Date(`${options.from}T00:00:00Z`);
  const end = new Date(new Date(`${options.to}T00:00:00Z`).getTime() + DAY_MS);
  const rows = await commissionsBetween(ctx.db, options.user.id, { start, end, farmerId: options.farmerId });
  // The sales come from the orders module, through the hook it provides: agents do not read the orders tables.
  const sales = await orderSales.call(
    ctx.db,
    rows.map((r) => r.commission.orderId),
  );
  const items = rows.map((r) => ({ ...r, saleCents: sales.get(r.commission.orderId) ?? 0 }));
  const byFarmer = new Map<
    number,
    { id: number; username: string; orders: number; cents: number; salesCents: number }
  >();
  for (const { commission, farmerUsername, saleCents } of items) {
    const row = byFarmer.get(commission.farmerId) ?? {
      id: commission.farmerId,
      username: farmerUsername,
      orders: 0,
      cents: 0,
      salesCents: 0,
    };
    row.orders += 1;
    row.cents += commission.amountCents;
    row.salesCents += saleCents;
    byFarmer.set(commission.farmerId, row);
  }
  const farmers = [...byFarmer.values()].sort((a, b) => a.username.localeCompare(b.username));
  return {
    items,
    farmers,
    total: {
      orders: items.length,
      cents: farmers.reduce((sum, f) => sum + f.cents, 0),
      salesCents: farmers.reduce((sum, f) => sum + f.salesCents, 0),
    },
  };
}

export function commissionsFor(ctx: AppContext, options: { user: SessionUser; now?: Date }) {
  const now = options.now ?? new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return commissionsOf(ctx.db, options.user.id, monthStart);
}
