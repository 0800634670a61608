// A co-operative's money path through the real server: 30 members deliver maize of two grades, the admin lists the
// grade-B bulk lot for the co-operative, a buyer pays by MTN into escrow, the release is pooled for the co-operative,
// a settlement shares the proceeds out exactly (levy, transport, input credit), approval pays each member (some
// payouts fail and are retried, members without a number are paid in cash), and the books, statements and CSVs agree.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCoopBooks, TMemberStatement, TSettlement, TShare } from '../../contract/groups';
import { rowsOf } from '../db/client';
import { sender } from '../test/agent-sale';
import {
  bulkLots,
  type Coop,
  type CoopSale,
  intake,
  makeCoop,
  memberMoves,
  operatorBooks,
  sellFromLot,
} from '../test/coop-sale';
import { paymentsApp, proveNumber } from '../test/escrow-flow';
import { operatorLinesOfMove, settleQueue } from '../test/escrow-steps';
import { call, ok, type TestApp } from '../test/harness';
import { type PaymentsStandIn, startPaymentsStandIn } from '../test/payments-stand-in';

let stand: PaymentsStandIn;
let t: TestApp;
let coop: Coop;
const send = sender(() => t.app);

const MEMBERS = 30;
/** Members whose MTN number refuses every payout (the sandbox's FAILED number), and those without a number. */
const FAILING = [0, 1, 2];
const NO_NUMBER = [27, 28, 29];
const CREDITED = 5;
/** 5 %, 2,000 FCFA a ton of transport, grade B 5,000 FCFA a ton above the order's price, grade C 5,000 below. */
const RULES = { levyPercent: 5, transportPerTon: 200_000, gradeDifferentials: { B: 500_000, C: -500_000 } };
const CREDIT = 2_000_000;
/** A member owing more than any share: their whole rest goes to it, and nothing is paid to them. */
const DEBTOR = 10;
const DEBT = 1_000_000_000;
const kgB = (i: number) => 150 + 10 * i;
const kgC = (i: number) => 80 + 5 * i;

let lotB: number;
let lotC: number;
let firstSale: CoopSale;
let first: TSettlement;

const path = (rest = '') => `/api/groups/${coop.group.id}${rest}`;
const admin = () => coop.admin;
const member = (i: number) => {
  const m = coop.members[i];
  if (!m) {
    throw new Error(`no member ${i}`);
  }
  return m;
};
const shareOf = (s: TSettlement, i: number): TShare => {
  const found = s.shares.find((x) => x.member.id === member(i).user.id);
  if (!found) {
    throw new Error(`member ${i} has no share`);
  }
  return found;
};
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

async function booksNow(): Promise<TCoopBooks> {
  return ok<TCoopBooks>(await send(admin(), 'GET', path('/books')));
}

async function noticesOf(i: number, type: string) {
  const list = await ok<{ type: string; data: Record<string, unknown>; text?: string }[]>(
    await send(member(i), 'GET', '/api/notifications?limit=50'),
  );
  return list.filter((n) => n.type === type);
}

beforeAll(async () => {
  stand = await startPaymentsStandIn();
  t = await paymentsApp(stand);
  coop = await makeCoop(t, send, {
    members: MEMBERS,
    rules: RULES,
    language: (i) => (i % 2 === 0 ? 'fr' : 'en'),
  });
  for (let i = 0; i < MEMBERS; i++) {
    if (FAILING.includes(i)) {
      await proveNumber(t.ctx, member(i), '+46733123450');
    } else if (!NO_NUMBER.includes(i)) {
      await proveNumber(t.ctx, member(i), `+2376701000${String(i).padStart(2, '0')}`);
    }
    await intake(send, coop, member(i), 'B', kgB(i));
    await intake(send, coop, member(i), 'C', kgC(i));
  }
  const lots = await bulkLots(send, coop);
  lotB = lots.find((l) => l.grade === 'B')?.lotId ?? 0;
  lotC = lots.find((l) => l.grade === 'C')?.lotId ?? 0;
  await ok(
    await send(admin(), 'POST', path('/credits'), {
      memberId: member(CREDITED).user.id,
      amount: CREDIT,
      note: 'Engrais NPK',
    }),
    201,
  );
  await ok(
    await send(admin(), 'POST', path('/credits'), {
      memberId: member(DEBTOR).user.id,
      amount: DEBT,
      note: 'Tracteur',
    }),
    201,
  );
}, 120_000);

afterAll(async () => {
  await t.close();
  await stand.close();
});

describe('selling a bulk lot for the co-operative', () => {
  it('has one bulk lot per grade with every member in it', async () => {
    const lots = await bulkLots(send, coop);
    const b = lots.find((l) => l.lotId === lotB);
    expect(b).toMatchObject({ grade: 'B', members: MEMBERS, open: true });
    expect(b?.delivered).toBeCloseTo(sum(coop.members.map((_, i) => kgB(i))) / 1000, 6);
    expect(lots.find((l) => l.lotId === lotC)).toMatchObject({ grade: 'C', members: MEMBERS });
  });

  it('refuses a member who is not an admin to list the lot for the co-operative', async () => {
    const res = await send(member(3), 'POST', '/api/commodities', {
      name: 'Maize',
      quantity: 1,
      price: 180_000,
      grade: 'B',
      lotId: lotB,
      onBehalfOf: coop.group.account?.id,
    });
    expect([403, 404]).toContain(res.statusCode);
  });

  it('pools the seller payout for the co-operative: no provider call, no commission for the admin', async () => {
    firstSale = await sellFromLot(t, stand, send, coop, {
      lotId: lotB,
      grade: 'B',
      listed: 8,
      quantity: 7.5,
      price: 183_333,
    });
    const { released, order } = firstSale;
    expect(order.seller.id).toBe(coop.group.account?.id);
    expect(released.payouts.map((p) => p.kind)).toEqual(['seller']);
    const [payout] = released.payouts;
    const [move] = rowsOf<{ status: string; pooled: boolean; reference: string; amount_cents: string }>(
      await t.ctx.db.execute(
        sql`select status, pooled, reference, amount_cents from money_moves where id = ${payout?.id ?? 0}`,
      ),
    );
    expect(move).toMatchObject({ status: 'succeeded', pooled: true });
    expect(stand.wallet.requests(move?.reference ?? '')).toBe(0);
    const amount = Number(move?.amount_cents);
    expect(amount).toBe(Math.round(order.total * 100));
    expect(await operatorLinesOfMove(t, payout?.id ?? 0)).toEqual(
      [
        `escrow ${amount}/0`,
        `held_for_groups 0/${amount}`,
        `owed_to_sellers ${amount}/0`,
        `owed_to_sellers 0/${amount}`,
      ].sort(),
    );
    const books = await operatorBooks(t);
    expect(books.heldForGroups).toBe(amount);
    expect(books.held).toBe(books.collected - books.paidOut - books.refunded);
    const commissions = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from money_moves where kind = 'agent'`),
    );
    expect(commissions[0]?.n).toBe(0);
  });
});

describe('a settlement of the order', () => {
  it('shares the proceeds out exactly among the 30 members, with levy, transport and input credit', async () => {
    first = await ok<TSettlement>(
      await send(admin(), 'POST', path('/settlements'), { orderId: firstSale.order.id }),
      201,
    );
    const proceeds = Math.round(firstSale.order.total * 100);
    expect(first).toMatchObject({
      status: 'draft',
      orders: [firstSale.order.id],
      lots: [lotB],
      proceeds,
      levyPercent: 5,
      transportPerTon: 200_000,
    });
    expect(first.shares).toHaveLength(MEMBERS);
    expect(sum(first.shares.map((s) => s.gross))).toBe(proceeds);
    const soldKg = 7500;
    const totalKg = sum(coop.members.map((_, i) => kgB(i)));
    coop.members.forEach((_, i) => {
      const share = shareOf(first, i);
      expect(share.levy + share.credit + share.transport + share.net).toBe(share.gross);
      // The gross is the member's part of the proceeds by weight, to within the one unit the rounding gives.
      expect(Math.abs(share.gross - (proceeds * kgB(i)) / totalKg)).toBeLessThanOrEqual(100);
      const below = share.gross % 100;
      expect(share.levy).toBe(Math.floor(((share.gross - below) * 5) / 100 / 100) * 100 + below);
      // Transport on the weight counted (what was sold of their delivery), in whole francs rounded down.
      expect(share.transport).toBe(Math.floor((kgB(i) * soldKg * 200_000) / (totalKg * 1000 * 100)) * 100);
      expect(share.delivered).toEqual([
        { grade: 'B', quantity: Math.round((kgB(i) * soldKg) / totalKg) / 1000 },
      ]);
      expect(share.payout.status).toBe('none');
    });
    // Each member's gross follows what they delivered: the one who delivered more earns more.
    expect(shareOf(first, 29).gross).toBeGreaterThan(shareOf(first, 0).gross);
    expect(shareOf(first, CREDITED).credit).toBe(CREDIT);
    const debtor = shareOf(first, DEBTOR);
    expect(debtor.net).toBe(0);
    expect(debtor.credit).toBe(debtor.gross - debtor.levy - debtor.transport);
    const credited = [member(CREDITED).user.id, member(DEBTOR).user.id];
    expect(sum(first.shares.filter((s) => !credited.includes(s.member.id)).map((s) => s.credit))).toBe(0);
    expect(first.totals).toEqual({
      gross: proceeds,
      levy: sum(first.shares.map((s) => s.levy)),
      credit: CREDIT + debtor.credit,
      transport: sum(first.shares.map((s) => s.transport)),
      net: sum(first.shares.map((s) => s.net)),
    });
    // Only an admin settles or reads settlements.
    expect(
      (await send(member(3), 'POST', path('/settlements'), { orderId: firstSale.order.id })).statusCode,
    ).toBe(403);
    expect((await send(member(3), 'GET', path(`/settlements/${first.id}`))).statusCode).toBe(403);
  });

  it('pays each member on approval, once; the failed payouts are retried and a cash share recorded', async () => {
    const approved = await ok<TSettlement>(
      await send(admin(), 'POST', path(`/settlements/${first.id}/approve`)),
    );
    expect(approved.status).toBe('approved');
    expect(approved.approvedBy?.id).toBe(admin().user.id);
    expect((await send(admin(), 'POST', path(`/settlements/${first.id}/approve`))).statusCode).toBe(409);
    expect(
      (await send(admin(), 'POST', path('/settlements'), { orderId: firstSale.order.id })).statusCode,
    ).toBe(409);

    const moves = await memberMoves(t);
    // One payout a member with something to be paid (not the debtor).
    expect(moves).toHaveLength(MEMBERS - 1);
    const refs = rowsOf<{ reference: string }>(
      await t.ctx.db.execute(sql`select reference from money_moves where kind = 'member'`),
    );
    expect(new Set(refs.map((r) => r.reference)).size).toBe(MEMBERS - 1);
    for (const i of NO_NUMBER) {
      expect(shareOf(approved, i).payout.status).toBe('cash_due');
    }

    await settleQueue(t, stand);
    const paid = await ok<TSettlement>(await send(admin(), 'GET', path(`/settlements/${first.id}`)));
    for (let i = 0; i < MEMBERS; i++) {
      const status = FAILING.includes(i)
        ? 'failed'
        : NO_NUMBER.includes(i)
          ? 'cash_due'
          : i === DEBTOR
            ? 'none'
            : 'succeeded';
      expect(shareOf(paid, i).payout.status, `member ${i}`).toBe(status);
    }
    const succeeded = (s: TSettlement) =>
      sum(s.shares.filter((x) => ['succeeded', 'paid_cash'].includes(x.payout.status)).map((x) => x.net));
    const books1 = await booksNow();
    expect(books1.balanced).toBe(true);
    expect(books1.collected).toBe(first.proceeds);
    expect(books1.levies).toBe(first.totals.levy);
    expect(books1.paidToMembers).toBe(succeeded(paid));

    // Notices: every member their statement; the paid and the failed their payout's news.
    expect(await noticesOf(4, 'coop_statement')).toHaveLength(1);
    expect(await noticesOf(4, 'coop_payout')).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ reason: 'succeeded' }) }),
    ]);
    const failedNotices = await noticesOf(0, 'coop_payout');
    expect(failedNotices).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ reason: 'failed' }) }),
    ]);
    // In the member's language (French), its reason translated.
    expect(failedNotices[0]?.text).toContain('n’a pas abouti');
    expect(failedNotices[0]?.text).not.toContain('payments.');
    expect((await noticesOf(28, 'coop_statement'))[0]?.data).toMatchObject({ reason: 'cash' });
    expect(await noticesOf(28, 'coop_payout')).toEqual([]);
    // The debtor is told what their share repaid, not that money is on its way.
    const [statement] = await noticesOf(DEBTOR, 'coop_statement');
    expect(statement?.data.reason).toBeUndefined();
    expect(await noticesOf(DEBTOR, 'coop_payout')).toEqual([]);

    // A failed payout goes again under a new reference once the member's number is right.
    expect(
      (await send(admin(), 'POST', path(`/settlements/${first.id}/shares/${member(4).user.id}/retry`)))
        .statusCode,
    ).toBe(409);
    expect(
      (await send(member(0), 'POST', path(`/settlements/${first.id}/shares/${member(0).user.id}/retry`)))
        .statusCode,
    ).toBe(403);
    await proveNumber(t.ctx, member(0), '+237670100100');
    const retried = await ok<TSettlement>(
      await send(admin(), 'POST', path(`/settlements/${first.id}/shares/${member(0).user.id}/retry`)),
    );
    expect(shareOf(retried, 0).payout.status).toBe('pending');
    expect(shareOf(retried, 0).payout.reference).not.toBe(shareOf(paid, 0).payout.reference);
    await settleQueue(t, stand);

    // A member without a number is paid in cash, recorded with its reference.
    expect(
      (
        await send(admin(), 'POST', path(`/settlements/${first.id}/shares/${member(4).user.id}/cash`), {
          reference: 'R-1',
        })
      ).statusCode,
    ).toBe(409);
    const cash = await ok<TSettlement>(
      await send(admin(), 'POST', path(`/settlements/${first.id}/shares/${member(28).user.id}/cash`), {
        reference: 'RECU-0028',
      }),
    );
    expect(shareOf(cash, 28).payout).toMatchObject({ status: 'paid_cash', reference: 'RECU-0028' });
    expect(shareOf(cash, 0).payout.status).toBe('succeeded');

    const books2 = await booksNow();
    expect(books2.balanced).toBe(true);
    expect(books2.paidToMembers).toBe(succeeded(cash));
    expect(books2.paidToMembers).toBeGreaterThan(books1.paidToMembers);
    expect(books2.owedToMembers).toBe(first.totals.net - books2.paidToMembers);
    const operator = await operatorBooks(t);
    expect(operator.held).toBe(operator.collected - operator.paidOut - operator.refunded);
    // The operator holds for the co-operative what it keeps (levy, transport, credit recovered); the members' nets
    // are owed to them in the operator's books until paid, and in the co-operative's too.
    expect(operator.heldForGroups).toBe(books2.held - books2.owedToMembers);
    expect(operator.heldForGroups).toBe(first.totals.levy + first.totals.transport + first.totals.credit);
  });

  it('shows a member their own statement, an admin anyone’s', async () => {
    const own = await ok<TMemberStatement>(await send(member(CREDITED), 'GET', path('/statement')));
    const share = shareOf(
      await ok<TSettlement>(await send(admin(), 'GET', path(`/settlements/${first.id}`))),
      CREDITED,
    );
    expect(own.member.id).toBe(member(CREDITED).user.id);
    expect(own.credit).toEqual({ given: CREDIT, repaid: CREDIT, owed: 0 });
    expect(own.shares).toEqual([
      expect.objectContaining({
        settlementId: first.id,
        gross: share.gross,
        net: share.net,
        credit: CREDIT,
        payout: expect.objectContaining({ status: 'succeeded' }),
      }),
    ]);
    expect(own.delivered).toEqual(
      expect.arrayContaining([expect.objectContaining({ grade: 'B', quantity: kgB(CREDITED) / 1000 })]),
    );
    // A member asking for another's sees their own; an admin sees whom they name.
    const other = await ok<TMemberStatement>(
      await send(member(3), 'GET', path(`/statement?member=${member(CREDITED).user.id}`)),
    );
    expect(other.member.id).toBe(member(3).user.id);
    const asAdmin = await ok<TMemberStatement>(
      await send(admin(), 'GET', path(`/statement?member=${member(CREDITED).user.id}`)),
    );
    expect(asAdmin.shares[0]?.net).toBe(share.net);
  });

  it('downloads the shares and the contributions as CSV, one line a member, adding up', async () => {
    const shares = await send(admin(), 'GET', path(`/settlements/${first.id}/shares.csv`));
    expect(shares.statusCode).toBe(200);
    expect(shares.headers['content-type']).toContain('text/csv');
    const lines = shares.body.trim().split('\r\n');
    expect(lines[0]).toBe('member,kg,gross,levy,credit,transport,net,payout,reference');
    expect(lines).toHaveLength(MEMBERS + 1);
    const column = (name: string) => {
      const at = (lines[0] ?? '').split(',').indexOf(name);
      return lines.slice(1).map((l) => Math.round(Number(l.split(',')[at]) * 100));
    };
    expect(sum(column('gross'))).toBe(first.proceeds);
    expect(sum(column('levy'))).toBe(first.totals.levy);
    expect(sum(column('net'))).toBe(first.totals.net);

    const contributions = await send(admin(), 'GET', path('/reports/contributions.csv'));
    expect(contributions.statusCode).toBe(200);
    const rows = contributions.body.trim().split('\r\n');
    expect(rows[0]).toBe('member,season,lot,crop,grade,kg,intakes');
    // One line a member per lot (two lots: grades B and C).
    expect(rows).toHaveLength(2 * MEMBERS + 1);
    const kg = rows.slice(1).map((r) => r.split(','));
    expect(sum(kg.filter((r) => r[4] === 'B').map((r) => Number(r[5])))).toBe(
      sum(coop.members.map((_, i) => kgB(i))),
    );
    expect((await send(member(3), 'GET', path('/reports/contributions.csv'))).statusCode).toBe(403);
    expect((await send(member(3), 'GET', path(`/settlements/${first.id}/shares.csv`))).statusCode).toBe(403);
  });
});

describe('a settlement by lots', () => {
  it('covers two grades sold in two orders, each at its grade’s price, and skips what was settled', async () => {
    const c = await sellFromLot(t, stand, send, coop, {
      lotId: lotC,
      grade: 'C',
      listed: 4,
      quantity: 4,
      price: 150_000,
    });
    const free = (sum(coop.members.map((_, i) => kgB(i))) - 8000) / 1000;
    const b = await sellFromLot(t, stand, send, coop, {
      lotId: lotB,
      grade: 'B',
      listed: free,
      quantity: free,
      price: 190_000,
    });
    const listed = async () =>
      (await ok<{ data: TSettlement[] }>(await send(admin(), 'GET', path('/settlements')))).data.map((s) => [
        s.id,
        s.status,
      ]);
    // Read before the draft (the list is kept per instance): the draft and its approval show in the next reads.
    expect(await listed()).toEqual([[first.id, 'approved']]);
    const settlement = await ok<TSettlement>(
      await send(admin(), 'POST', path('/settlements'), { lotIds: [lotB, lotC] }),
      201,
    );
    expect(await listed()).toEqual([
      [settlement.id, 'draft'],
      [first.id, 'approved'],
    ]);
    const proceeds = Math.round(c.order.total * 100) + Math.round(b.order.total * 100);
    expect([...settlement.orders].sort()).toEqual([b.order.id, c.order.id].sort());
    expect([...settlement.lots].sort()).toEqual([lotB, lotC].sort());
    expect(settlement.proceeds).toBe(proceeds);
    expect(sum(settlement.shares.map((s) => s.gross))).toBe(proceeds);
    const price = (g: string) => settlement.prices.find((p) => p.grade === g)?.price ?? 0;
    // Grade B is paid 10,000 FCFA a ton more than grade C (the differentials), scaled to what buyers paid.
    expect(price('B') - price('C')).toBeGreaterThan(900_000);
    expect(price('B') - price('C')).toBeLessThan(1_100_000);
    for (const share of settlement.shares) {
      expect(share.levy + share.credit + share.transport + share.net).toBe(share.gross);
      expect(share.delivered.map((d) => d.grade).sort()).toEqual(['B', 'C']);
    }
    // The credit was repaid in full by the first settlement.
    expect(shareOf(settlement, CREDITED).credit).toBe(0);
    expect(shareOf(settlement, DEBTOR)).toMatchObject({ net: 0, payout: { status: 'none' } });
    expect(shareOf(settlement, DEBTOR).credit).toBeGreaterThan(0);
    await ok(await send(admin(), 'POST', path(`/settlements/${settlement.id}/approve`)));
    expect((await listed())[0]).toEqual([settlement.id, 'approved']);
    await settleQueue(t, stand);
    const books = await booksNow();
    expect(books.balanced).toBe(true);
    expect(books.collected).toBe(first.proceeds + proceeds);
    // Nothing is left to settle in these lots.
    expect((await send(admin(), 'POST', path('/settlements'), { lotIds: [lotB, lotC] })).statusCode).toBe(
      409,
    );
    const list = await ok<{ data: TSettlement[] }>(await send(admin(), 'GET', path('/settlements')));
    expect(list.data.map((s) => s.id)).toEqual([settlement.id, first.id]);
  });
});

describe('two drafts of one order', () => {
  it('approved at the same moment: one pays its members, the other is refused and pays nobody', async () => {
    const sale = await sellFromLot(t, stand, send, coop, {
      lotId: lotC,
      grade: 'C',
      listed: 0.5,
      quantity: 0.5,
      price: 140_000,
    });
    const draft = async () =>
      ok<TSettlement>(await send(admin(), 'POST', path('/settlements'), { orderId: sale.order.id }), 201);
    const [one, two] = [await draft(), await draft()];
    const before = (await memberMoves(t)).length;
    const answers = await Promise.all(
      [one, two].map((d) => send(admin(), 'POST', path(`/settlements/${d.id}/approve`))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const won = answers[0]?.statusCode === 200 ? one : two;
    const paidShares = won.shares.filter((s) => s.net > 0).length;
    expect((await memberMoves(t)).length).toBe(before + paidShares);
    const lost = await ok<TSettlement>(
      await send(admin(), 'GET', path(`/settlements/${(won === one ? two : one).id}`)),
    );
    expect(lost.status).toBe('draft');
    expect(lost.shares.every((s) => s.payout.status === 'none')).toBe(true);
    await settleQueue(t, stand);
    const books = await booksNow();
    expect(books.balanced).toBe(true);
    expect(books.entries.filter((e) => e.memoKey === 'coop.memos.proceeds')).toHaveLength(3);
  });
});

/** Guards the assumption that every payout stays with MTN's stand-in (and nothing else asks it). */
it('asked MTN for each member payout once per reference', async () => {
  const refs = rowsOf<{ reference: string; previous_references: string[] }>(
    await t.ctx.db.execute(
      sql`select reference, previous_references from money_moves where kind = 'member' and status = 'succeeded' and method = 'mobile_money'`,
    ),
  );
  expect(refs.length).toBeGreaterThan(MEMBERS);
  for (const r of refs) {
    expect(stand.wallet.requests(r.reference)).toBe(1);
  }
  expect(await call(t.app, null, { method: 'GET', url: path('/books') }).then((r) => r.statusCode)).toBe(401);
});
