// A settlement's approval records every repayment and payout in its one transaction, all or nothing (issue 37: a
// season's settlement pays hundreds of members in a few statements); and a member's statement, kept in memory, shows
// each change at once while access is checked at every read.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMemberStatement, TSettlement } from '../../contract/groups';
import { rowsOf } from '../db/client';
import { sender } from '../test/agent-sale';
import { bulkLots, type Coop, intake, makeCoop, sellFromLot } from '../test/coop-sale';
import { paymentsApp, proveNumber } from '../test/escrow-flow';
import { settleQueue } from '../test/escrow-steps';
import { ok, type TestApp } from '../test/harness';
import { type PaymentsStandIn, startPaymentsStandIn } from '../test/payments-stand-in';

let stand: PaymentsStandIn;
let t: TestApp;
let coop: Coop;
let draft: TSettlement;
const send = sender(() => t.app);

const MEMBERS = 8;
/** Members owing input credit (repaid from their shares), and one without a proven number. */
const CREDITED = [1, 2];
const CREDIT = 500_000;
const NO_NUMBER = 7;

const path = (rest = '') => `/api/groups/${coop.group.id}${rest}`;
const member = (i: number) => {
  const m = coop.members[i];
  if (!m) {
    throw new Error(`no member ${i}`);
  }
  return m;
};
const statementOf = async (i: number) =>
  ok<TMemberStatement>(await send(member(i), 'GET', path('/statement')));
const count = async (query: ReturnType<typeof sql>) =>
  rowsOf<{ n: number }>(await t.ctx.db.execute(query))[0]?.n ?? -1;

beforeAll(async () => {
  stand = await startPaymentsStandIn();
  t = await paymentsApp(stand);
  coop = await makeCoop(t, send, { members: MEMBERS, rules: { levyPercent: 5, transportPerTon: 100_000 } });
  for (let i = 0; i < MEMBERS; i++) {
    if (i !== NO_NUMBER) {
      await proveNumber(t.ctx, member(i), `+2376702000${String(i).padStart(2, '0')}`);
    }
    await intake(send, coop, member(i), 'B', 200 + 25 * i);
  }
  for (const i of CREDITED) {
    await ok(
      await send(coop.admin, 'POST', path('/credits'), {
        memberId: member(i).user.id,
        amount: CREDIT,
        note: 'NPK',
      }),
      201,
    );
  }
  const [lot] = await bulkLots(send, coop);
  const sale = await sellFromLot(t, stand, send, coop, {
    lotId: lot?.lotId ?? 0,
    grade: 'B',
    listed: 2,
    quantity: 2,
    price: 180_000,
  });
  draft = await ok<TSettlement>(
    await send(coop.admin, 'POST', path('/settlements'), { orderId: sale.order.id }),
    201,
  );
}, 120_000);

afterAll(async () => {
  // The approval's payouts are started by the queue after its answer: let it finish before the database closes.
  await settleQueue(t, stand);
  await t.close();
  await stand.close();
});

describe('approving a settlement', () => {
  it('records nothing when one payout cannot be recorded: no payout, repayment, entry or order shared out', async () => {
    const before = await statementOf(1);
    // A payout the database refuses (a constraint made for the test): the whole approval must roll back.
    await t.ctx.db.execute(
      sql.raw(
        `alter table money_moves add constraint test_refuses_member check (kind <> 'member' or user_id <> ${member(5).user.id})`,
      ),
    );
    try {
      const res = await send(coop.admin, 'POST', path(`/settlements/${draft.id}/approve`));
      expect(res.statusCode).toBe(500);
    } finally {
      await t.ctx.db.execute(sql`alter table money_moves drop constraint test_refuses_member`);
    }
    expect(await count(sql`select count(*)::int as n from money_moves where kind = 'member'`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from member_credits where repaid > 0`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from settled_orders`)).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from coop_entries where source like 'settlement:%' or source like 'proceeds:%'`,
      ),
    ).toBe(0);
    const again = await ok<TSettlement>(await send(coop.admin, 'GET', path(`/settlements/${draft.id}`)));
    expect(again.status).toBe('draft');
    expect(await statementOf(1)).toEqual(before);
  });

  it('queues every payout, repays the credit and books it in the one transaction of the approval', async () => {
    const approved = await ok<TSettlement>(
      await send(coop.admin, 'POST', path(`/settlements/${draft.id}/approve`)),
    );
    expect(approved.status).toBe('approved');
    const owed = approved.shares.filter((s) => s.net > 0);
    expect(owed.length).toBe(MEMBERS);
    // The payouts were started since (their rows changed), but the entries booking them as owed never change: each
    // payout's was written by the transaction that approved the settlement (its row's xmin), one a payout.
    const [booked] = rowsOf<{ entries: number; moves: number; shares: number }>(
      await t.ctx.db.execute(sql`
        select count(*)::int as entries, count(distinct e.move_id)::int as moves,
          (select count(move_id) from settlement_shares where settlement_id = ${draft.id})::int as shares
        from operator_entries e join settlements s on s.id = ${draft.id}
        where e.xmin::text = s.xmin::text
          and e.move_id in (select move_id from settlement_shares where settlement_id = ${draft.id})`),
    );
    expect(booked).toEqual({ entries: MEMBERS, moves: MEMBERS, shares: MEMBERS });
    // Each payout to its member, for its share's net, owed in the operator's books before any provider call.
    for (const share of owed) {
      expect(share.payout.moveId).not.toBeNull();
    }
    const paid = rowsOf<{ user_id: number; amount_cents: string; status: string }>(
      await t.ctx.db.execute(
        sql`select user_id, amount_cents, status from money_moves where kind = 'member'`,
      ),
    );
    expect(new Map(paid.map((m) => [m.user_id, Number(m.amount_cents)]))).toEqual(
      new Map(owed.map((s) => [s.member.id, s.net])),
    );
    expect(paid.find((m) => m.user_id === member(NO_NUMBER).user.id)?.status).toBe('waiting');
    for (const i of CREDITED) {
      const share = approved.shares.find((s) => s.member.id === member(i).user.id);
      expect(share?.credit).toBe(CREDIT);
      expect((await statementOf(i)).credit).toEqual({ given: CREDIT, repaid: CREDIT, owed: 0 });
    }
    const books = await ok<{ balanced: boolean }>(await send(coop.admin, 'GET', path('/books')));
    expect(books.balanced).toBe(true);
  });
});

describe("a member's statement", () => {
  it('shows an intake, a credit and a share at once, and is refused the moment the member is removed', async () => {
    const before = await statementOf(3);
    expect(before.shares).toHaveLength(1);
    expect(await statementOf(3)).toEqual(before);
    await intake(send, coop, member(3), 'A', 120);
    const delivered = await statementOf(3);
    expect(delivered.delivered.find((d) => d.grade === 'A')?.quantity).toBeCloseTo(0.12, 6);
    expect(delivered.awaitingSettlement).toBeCloseTo(before.awaitingSettlement + 0.12, 6);
    await ok(
      await send(coop.admin, 'POST', path('/credits'), {
        memberId: member(3).user.id,
        amount: 70_000,
        note: 'Seed',
      }),
      201,
    );
    expect((await statementOf(3)).credit).toEqual({ given: 70_000, repaid: 0, owed: 70_000 });
    // An admin reads it too, the same.
    const byAdmin = await ok<TMemberStatement>(
      await send(coop.admin, 'GET', path(`/statement?member=${member(3).user.id}`)),
    );
    expect(byAdmin).toEqual(await statementOf(3));
    expect((await send(coop.admin, 'DELETE', path(`/members/${member(3).user.id}`))).statusCode).toBe(204);
    expect([403, 404]).toContain((await send(member(3), 'GET', path('/statement'))).statusCode);
  });

  it("is refused at once to a member who left, and an admin's sight of others ends with the role", async () => {
    await statementOf(4);
    const self = member(4).user.id;
    expect((await send(member(4), 'DELETE', path(`/members/${self}`))).statusCode).toBe(204);
    expect([403, 404]).toContain((await send(member(4), 'GET', path('/statement'))).statusCode);

    const other = member(5).user.id;
    await statementOf(2);
    const role = (r: string) => send(coop.admin, 'PATCH', path(`/members/${member(2).user.id}`), { role: r });
    await ok(await role('admin'));
    const seen = await ok<TMemberStatement>(await send(member(2), 'GET', path(`/statement?member=${other}`)));
    expect(seen.member.id).toBe(other);
    await ok(await role('member'));
    const own = await ok<TMemberStatement>(await send(member(2), 'GET', path(`/statement?member=${other}`)));
    expect(own.member.id).toBe(member(2).user.id);
  });
});
