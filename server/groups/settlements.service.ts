// Settlements: sharing a co-operative's proceeds among the members who delivered into the sold lots. A draft is
// computed from the orders whose seller payout the operator pooled for the co-operative; an admin reviews and
// approves it, which books it, marks its orders shared out (once), repays input credit and pays each member's net
// share by mobile money (a member without a proven number waits for a cash payment recorded with its reference).
import type { z } from 'zod';
import type { TSettlement, ZSettlementInput } from '../../contract/groups';
import { centsToDecimal } from '../../contract/money';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { today } from '../finance';
import type { SessionUser } from '../http/access';
import { AppError, conflict } from '../http/errors';
import { moneyText } from '../http/money-text';
import { notifyEach } from '../notifications';
import { type MoveRow, movesOfOrders, type QueuedMove, requestMemberPayouts, wake } from '../payments';
import { lotsOfOrder, lotsOwnedBy, salesFromLots } from '../stock';
import { coopPost } from './coop-books';
import { proceedsEntry, settlementEntry } from './coop-posting';
import { coopFor } from './group-access';
import { activeAdmins, peopleOf } from './groups.repo';
import { groupsCache } from './groups-cache';
import { contributionsTo, settledOrderIds } from './intakes.repo';
import { computeShares } from './settlement-math';
import {
  claimOrders,
  creditOwed,
  insertSettlement,
  repayCredits,
  replaceShares,
  type SettlementRow,
  setShareMoves,
  settlementOfGroup,
  sharesOf,
  updateSettlement,
} from './settlements.repo';
import { getSettlement } from './settlements-read';
import { statementCache } from './statement-cache';

const notFound = () => new AppError('notFound', 'groups.errors.settlementNotFound');

/** The currency's smallest payable amount, in cents (100 for FCFA, 1 for cedis). */
const unitOf = (ctx: AppContext) => 10 ** (2 - ctx.config.currency.digits);

// ---- What a settlement covers

interface Coverage {
  orderIds: number[];
  lotIds: number[];
  proceeds: number;
}

/**
 * The orders and lots a settlement covers, and the proceeds the operator pooled for them. Named by order: that
 * order, which must be released and not shared out yet. Named by lots: every released order not yet shared out
 * that sold from them (orders still in escrow wait for a later settlement).
 */
async function coverage(
  tx: Tx,
  accountId: number,
  input: z.output<typeof ZSettlementInput>,
): Promise<Coverage> {
  const byOrder = 'orderId' in input;
  const owned = new Set((await lotsOwnedBy(tx, accountId)).map((l) => l.id));
  const lotIds = byOrder
    ? (await lotsOfOrder(tx, input.orderId)).map((l) => l.lotId)
    : [...new Set(input.lotIds)];
  if (lotIds.length === 0 || lotIds.some((id) => !owned.has(id))) {
    throw new AppError('notFound', 'groups.errors.lotNotInGroup');
  }
  const sold = await salesFromLots(tx, lotIds);
  const candidates = byOrder ? [input.orderId] : [...new Set(sold.map((s) => s.orderId))];
  const settled = await settledOrderIds(tx, candidates);
  if (byOrder && settled.has(input.orderId)) {
    throw conflict('groups.errors.orderSettled');
  }
  const pooled = pooledOf(await movesOfOrders(tx, candidates), accountId);
  if (byOrder && !pooled.has(input.orderId)) {
    throw conflict('groups.errors.orderNotReleased');
  }
  const orderIds = candidates.filter((id) => !settled.has(id) && pooled.has(id));
  if (orderIds.length === 0) {
    throw conflict('groups.errors.nothingToSettle');
  }
  const proceeds = orderIds.reduce((sum, id) => sum + (pooled.get(id) ?? 0), 0);
  const usedLots = [...new Set(sold.filter((s) => orderIds.includes(s.orderId)).map((s) => s.lotId))];
  return { orderIds, lotIds: usedLots, proceeds };
}

/** Per order, what the operator pooled for the co-operative (its seller payout, succeeded). */
function pooledOf(moves: readonly MoveRow[], accountId: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const m of moves) {
    if (
      m.kind === 'seller' &&
      m.pooled &&
      m.status === 'succeeded' &&
      m.userId === accountId &&
      m.orderId !== null
    ) {
      out.set(m.orderId, (out.get(m.orderId) ?? 0) + m.amountCents);
    }
  }
  return out;
}

/** The shares of the covered lots under the co-operative's rules now (credit owed read at this moment). */
async function sharesFor(ctx: AppContext, tx: Tx, coop: Coop, settlement: SettlementRow) {
  const lots = await lotsOwnedBy(tx, coop.accountId, settlement.lotIds);
  const sold = (await salesFromLots(tx, settlement.lotIds)).filter((s) =>
    settlement.orderIds.includes(s.orderId),
  );
  const contributions = await contributionsTo(tx, settlement.lotIds);
  const { group } = coop;
  return computeShares({
    proceeds: settlement.proceeds,
    unit: unitOf(ctx),
    levyTenths: settlement.levyTenths,
    transportPerTon: settlement.transportPerTon,
    differentials: { A: group.differentialA, B: group.differentialB, C: group.differentialC },
    creditOwed: await creditOwed(tx, group.id),
    lots: lots.flatMap((lot) => {
      const soldKg = sold.filter((s) => s.lotId === lot.id).reduce((sum, s) => sum + s.kg, 0);
      if (!lot.grade || soldKg === 0) {
        return [];
      }
      const mine = contributions.filter((c) => c.lotId === lot.id);
      return mine.length === 0
        ? []
        : [
            {
              lotId: lot.id,
              grade: lot.grade,
              soldKg,
              contributions: mine.map((c) => ({ memberId: c.memberId, kg: c.kg })),
            },
          ];
    }),
  });
}

/** Writes the computed shares and prices of a draft (again, at approval: credit owed may have changed). */
async function storeShares(ctx: AppContext, tx: Tx, coop: Coop, settlement: SettlementRow): Promise<void> {
  const { prices, shares } = await sharesFor(ctx, tx, coop, settlement);
  await updateSettlement(tx, settlement.id, { prices });
  await replaceShares(
    tx,
    settlement.id,
    shares.map((s) => ({
      memberId: s.memberId,
      delivered: s.counted.map((c) => ({ grade: c.grade, kg: c.kg })),
      gross: s.gross,
      levy: s.levy,
      credit: s.credit,
      transport: s.transport,
      net: s.net,
    })),
  );
}

type Coop = Awaited<ReturnType<typeof coopFor>>;

// ---- Drafts

export async function createSettlement(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  input: z.output<typeof ZSettlementInput>,
): Promise<TSettlement> {
  const id = await ctx.db.transaction(async (tx) => {
    const coop = await coopFor(tx, user, groupId, 'manage');
    const covered = await coverage(tx, coop.accountId, input);
    const settlement = await insertSettlement(tx, {
      groupId,
      orderIds: covered.orderIds,
      lotIds: covered.lotIds,
      proceeds: covered.proceeds,
      levyTenths: coop.group.levyTenths,
      transportPerTon: coop.group.transportPerTon,
      prices: [],
      createdBy: user.id,
    });
    await storeShares(ctx, tx, coop, settlement);
    await settlementsChanged(ctx, tx, groupId);
    return settlement.id;
  });
  groupsCache.of(ctx).drop();
  return getSettlement(ctx, user, groupId, id);
}

/** A settlement drafted or approved: the co-operative's admins' pages, and every instance's copies, hear it. */
async function settlementsChanged(ctx: AppContext, tx: Tx, groupId: number): Promise<void> {
  await ctx.bus.publish(tx, { type: 'group', id: groupId }, { userIds: await activeAdmins(tx, groupId) });
}

// ---- Approval and payouts

/** Approves a draft: books it, shares its orders out once, repays credit and pays each member. */
export async function approveSettlement(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  id: number,
): Promise<TSettlement> {
  const { moves, memberIds } = await ctx.db.transaction(async (tx) => {
    const coop = await coopFor(tx, user, groupId, 'manage');
    const settlement = await settlementOfGroup(tx, groupId, id, true);
    if (!settlement) {
      throw notFound();
    }
    if (settlement.status !== 'draft') {
      throw conflict('groups.errors.settlementApproved');
    }
    if (!(await claimOrders(tx, settlement.id, settlement.orderIds))) {
      throw conflict('groups.errors.orderSettled');
    }
    await storeShares(ctx, tx, coop, settlement);
    await updateSettlement(tx, settlement.id, {
      status: 'approved',
      approvedBy: user.id,
      approvedAt: new Date(),
    });
    await settlementsChanged(ctx, tx, groupId);
    return payShares(ctx, tx, coop, settlement, user.id);
  });
  groupsCache.of(ctx).drop();
  statementCache.of(ctx).dropMembers(memberIds);
  // Hundreds of payouts, each recorded and owed already: the queue starts them after the answer (one by one, a
  // provider call each) rather than the admin waiting for them all.
  void wake(ctx, moves);
  return getSettlement(ctx, user, groupId, id);
}

async function payShares(
  ctx: AppContext,
  tx: Tx,
  coop: Coop,
  settlement: SettlementRow,
  by: number,
): Promise<{ moves: QueuedMove[]; memberIds: number[] }> {
  const shares = (await sharesOf(tx, [settlement.id])).map((s) => s.share);
  const date = today();
  const memo = { settlement: settlement.id };
  await coopPost(
    tx,
    coop.group.id,
    `proceeds:${settlement.id}`,
    date,
    'coop.memos.proceeds',
    memo,
    proceedsEntry(settlement.proceeds),
  );
  const totals = shares.reduce(
    (t, s) => ({
      gross: t.gross + s.gross,
      levy: t.levy + s.levy,
      credit: t.credit + s.credit,
      transport: t.transport + s.transport,
      net: t.net + s.net,
    }),
    { gross: 0, levy: 0, credit: 0, transport: 0, net: 0 },
  );
  await coopPost(
    tx,
    coop.group.id,
    `settlement:${settlement.id}`,
    date,
    'coop.memos.settlement',
    memo,
    settlementEntry(totals),
  );
  // Every repayment and payout of the settlement in a few statements of this one transaction: all or none.
  await repayCredits(
    tx,
    coop.group.id,
    shares.filter((s) => s.credit > 0).map((s) => ({ memberId: s.memberId, amount: s.credit })),
  );
  const paid = shares.filter((s) => s.net > 0);
  const moves = await requestMemberPayouts(
    tx,
    ctx.config,
    paid.map((s) => ({ payeeId: s.memberId, amountCents: s.net })),
    by,
  );
  await setShareMoves(
    tx,
    settlement.id,
    moves.map((m) => ({ memberId: m.userId, moveId: m.id })),
  );
  await statements(ctx, tx, coop, shares, moves);
  return { moves, memberIds: shares.map((s) => s.memberId) };
}

/** Each member's statement, in their language: by mobile money, or to collect in cash when no number is proven. */
async function statements(
  ctx: AppContext,
  tx: Tx,
  coop: Coop,
  shares: readonly {
    memberId: number;
    delivered: { kg: number }[];
    gross: number;
    levy: number;
    credit: number;
    transport: number;
    net: number;
  }[],
  moves: readonly QueuedMove[],
): Promise<void> {
  const people = await peopleOf(
    tx,
    shares.map((s) => s.memberId),
  );
  const moveOf = new Map(moves.map((m) => [m.userId, m]));
  await notifyEach(
    tx,
    ctx,
    shares.map((s) => {
      const lang = people.get(s.memberId)?.language ?? 'en';
      const money = (cents: number) => moneyText(lang, centsToDecimal(cents));
      const move = moveOf.get(s.memberId);
      return {
        userId: s.memberId,
        type: 'coop_statement' as const,
        data: {
          group: coop.group.name,
          kg: Math.round(s.delivered.reduce((sum, d) => sum + d.kg, 0)),
          gross: money(s.gross),
          levy: money(s.levy),
          credit: money(s.credit),
          transport: money(s.transport),
          net: money(s.net),
          // Nothing to pay (the deductions took it all): the plain statement, no word of money on its way.
          ...(move === undefined
            ? {}
            : {
                reason:
                  move.status === 'waiting' && move.failureReason === 'no_proven_number'
                    ? 'cash'
                    : 'mobile_money',
              }),
        },
        link: `/groups/${coop.group.id}`,
      };
    }),
  );
}
