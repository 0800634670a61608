// The co-operatives demo through the real server: anyone finds the Mifi maize co-operative with its 34 members and
// rules; amina sees it and the young farmers' group in her groups; the grade B lot was sold to kofi and settled
// (shares adding up to the proceeds, most paid, one refused, two to pay in cash) while the grade C lot is open; the
// co-operative's and the operator's books balance; the feeds are its members'; and the demo seeds once.
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TBulkLot,
  TCoopBooks,
  TGroup,
  TGroupPost,
  TIntake,
  TMember,
  TMemberStatement,
  TSettlement,
} from '../../contract/groups';
import type { TOrder } from '../../contract/orders';
import type { TStore } from '../../contract/stock';
import { groups, intakes } from '../groups/groups.schema';
import { operatorLinesOf } from '../payments';
import { call, createTestApp, ok, sessionCookie, type TestApp } from '../test/harness';
import { DEMO_PASSWORD, DEMO_USERS, ensureDemoUsers } from './accounts';
import { seed } from './coops';
import {
  COOP,
  COOP_ADMIN,
  COOP_PEOPLE,
  COOP_STORE_INPUT,
  CREDITS,
  SEASON,
  SOLD_GRADE,
  YOUTH_GROUP,
} from './coops-data';
import { seed as seedMarketplace } from './market';
import { demoCentsOfFcfa } from './money';
import { seed as seedUsers } from './users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The demo start-up's order (server/demo/seed.ts), the steps the co-operatives build on: the people, the market
  // (moussa's and jean's accounts, maize's price).
  await ensureDemoUsers(t.ctx, DEMO_USERS);
  await seedUsers(t.ctx);
  await seedMarketplace(t.ctx);
  await seed(t.ctx);
}, 240_000);
afterAll(async () => {
  await t.close();
});

const cookies = new Map<string, string>();
async function login(username: string): Promise<string> {
  const known = cookies.get(username);
  if (known) {
    return known;
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: DEMO_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  cookies.set(username, sessionCookie(res));
  return sessionCookie(res);
}

async function get<T>(username: string, url: string): Promise<T> {
  return ok<T>(await call(t.app, await login(username), { method: 'GET', url }));
}

async function theCoop(username = 'kofi'): Promise<TGroup> {
  const found = await get<{ data: TGroup[] }>(
    username,
    '/api/groups?kind=cooperative&crop=Maize&region=Ouest',
  );
  const coop = found.data.find((g) => g.name === COOP.name);
  if (!coop) {
    throw new Error('the demo co-operative is not found');
  }
  return coop;
}

/** The members whose grade B maize was sold (net of the reversed intake, everyone's weight still counts). */
const SOLD_MEMBERS = new Set(SEASON.filter(([, grade]) => grade === SOLD_GRADE).map(([member]) => member));

describe('co-operatives demo data', () => {
  it('lets anyone find the co-operative near Bafoussam, its 34 members and its rules', async () => {
    const coop = await theCoop();
    expect(coop).toMatchObject({
      kind: 'cooperative',
      region: COOP.region,
      memberCount: 34,
      levyPercent: COOP.levyPercent,
      transportPerTon: demoCentsOfFcfa(COOP.transportFcfaPerTon),
      gradeDifferentials: {
        A: demoCentsOfFcfa(COOP.differentialsFcfa.A),
        B: 0,
        C: demoCentsOfFcfa(COOP.differentialsFcfa.C),
      },
      me: null,
      can: { read: false },
    });
    expect(coop.account).not.toBeNull();
  });

  it('gives the admin the members with their roles, who can be paid by mobile money, and a request to decide', async () => {
    const coop = await theCoop(COOP_ADMIN);
    expect(coop.me).toEqual({ role: 'admin', status: 'active' });
    const members = (await get<{ data: TMember[] }>(COOP_ADMIN, `/api/groups/${coop.id}/members?limit=200`))
      .data;
    const active = members.filter((m) => m.status === 'active');
    expect(active).toHaveLength(34);
    const roleOf = (name: string) => active.find((m) => m.user.username === name)?.role;
    expect([roleOf(COOP_ADMIN), roleOf('esther'), roleOf('amina'), roleOf('moussa')]).toEqual([
      'admin',
      'store_keeper',
      'member',
      'member',
    ]);
    const withoutNumber = active.filter((m) => m.provenNumber === false).map((m) => m.user.username);
    const numberless = COOP_PEOPLE.filter(([, , , , phone]) => !phone?.[1]).map(([name]) => name);
    expect(withoutNumber.sort()).toEqual([...numberless, 'moussa'].sort());
    const pending = (
      await get<{ data: TMember[] }>(COOP_ADMIN, `/api/groups/${coop.id}/members?status=requested`)
    ).data;
    expect(pending.map((m) => m.user.username)).toEqual(['jean']);
  });

  it('shows amina the co-operative and the young farmers’ group among her groups, and her own intakes', async () => {
    const mine = (await get<{ data: TGroup[] }>('amina', '/api/groups?mine=true')).data;
    expect(mine.map((g) => [g.name, g.me?.status]).sort()).toEqual(
      [
        [COOP.name, 'active'],
        [YOUTH_GROUP.name, 'active'],
      ].sort(),
    );
    const coop = mine.find((g) => g.kind === 'cooperative');
    const own = (await get<{ data: TIntake[] }>('amina', `/api/groups/${coop?.id}/intakes`)).data;
    expect(own.map((i) => [i.grade, i.quantity]).sort()).toEqual(
      SEASON.filter(([member]) => member === 'amina')
        .map(([, grade, kg]) => [grade, kg / 1000])
        .sort(),
    );
    const statement = await get<TMemberStatement>('amina', `/api/groups/${coop?.id}/statement`);
    expect(statement.shares).toHaveLength(1);
    expect(statement.shares[0]?.payout.status).toBe('succeeded');
    expect(statement.awaitingSettlement).toBeGreaterThan(0);
  });

  it('has esther keep the co-operative’s store, with a season of intakes and one reversed', async () => {
    const coop = await theCoop('esther');
    expect(coop.me?.role).toBe('store_keeper');
    const stores = (await get<{ data: TStore[] }>('esther', `/api/groups/${coop.id}/stores`)).data;
    expect(stores.map((s) => [s.name, s.kind, s.keeps])).toEqual([[COOP_STORE_INPUT.name, 'coop', true]]);
    const all = (await get<{ data: TIntake[] }>('esther', `/api/groups/${coop.id}/intakes?limit=200`)).data;
    const reversal = all.find((i) => i.reversalOf !== null);
    expect(reversal?.quantity).toBeLessThan(0);
    expect(all.find((i) => i.id === reversal?.reversalOf)?.reversedBy).toBe(reversal?.id);
    expect(all).toHaveLength(SEASON.length + 2);
    const days = all.filter((i) => i.reversalOf === null).map((i) => i.date);
    expect(new Set(days).size).toBeGreaterThan(20);
    expect(all.every((i) => i.bags === null || i.bags * 50 === Math.round(Math.abs(i.quantity) * 1000))).toBe(
      true,
    );
  });

  it('sold the grade B lot to kofi, delivered and released, while the grade C lot is open', async () => {
    const coop = await theCoop(COOP_ADMIN);
    const lots = (await get<{ data: TBulkLot[] }>(COOP_ADMIN, `/api/groups/${coop.id}/lots`)).data;
    const sold = lots.find((l) => l.grade === SOLD_GRADE);
    const open = lots.filter((l) => l.open);
    expect(lots).toHaveLength(2);
    expect(open.map((l) => l.grade)).toEqual(['C']);
    expect(open[0]?.quantity).toBeGreaterThan(0);
    expect(sold).toMatchObject({ open: false, quantity: 0, members: SOLD_MEMBERS.size });
    const purchases = await get<TOrder[]>('kofi', '/api/orders?as=buyer&status=completed&limit=100');
    const order = purchases.find((o) => o.seller.username === coop.account?.username);
    expect(order?.status).toBe('completed');
    expect(order?.quantity).toBe(sold?.delivered);
  });

  it('settled the sale: shares add up to the proceeds, credit repaid, most paid, one refused, two in cash', async () => {
    const coop = await theCoop(COOP_ADMIN);
    const [settlement, ...others] = (
      await get<{ data: TSettlement[] }>(COOP_ADMIN, `/api/groups/${coop.id}/settlements`)
    ).data;
    expect(others).toHaveLength(0);
    expect(settlement?.status).toBe('approved');
    const shares = settlement?.shares ?? [];
    expect(shares).toHaveLength(SOLD_MEMBERS.size);
    expect(shares.reduce((sum, s) => sum + s.gross, 0)).toBe(settlement?.proceeds);
    for (const s of shares) {
      expect(s.levy + s.transport + s.credit + s.net).toBe(s.gross);
    }
    const credited = shares.filter((s) => s.credit > 0).map((s) => s.member.username);
    expect(credited.sort()).toEqual(CREDITS.map(([member]) => member).sort());
    const byStatus = (status: string) =>
      shares.filter((s) => s.payout.status === status).map((s) => s.member.username);
    expect(byStatus('failed')).toEqual(['tsafack.emmanuel']);
    expect(byStatus('cash_due').sort()).toEqual(['feudjio.marthe', 'moussa']);
    expect(byStatus('succeeded')).toHaveLength(shares.length - 3);
  });

  it('keeps the co-operative’s books and the operator’s balanced', async () => {
    const coop = await theCoop(COOP_ADMIN);
    const books = await get<TCoopBooks>(COOP_ADMIN, `/api/groups/${coop.id}/books`);
    const [settlement] = (
      await get<{ data: TSettlement[] }>(COOP_ADMIN, `/api/groups/${coop.id}/settlements`)
    ).data;
    const paid = (settlement?.shares ?? []).filter((s) => s.payout.status === 'succeeded');
    expect(books.balanced).toBe(true);
    expect(books.collected).toBe(settlement?.proceeds);
    expect(books.paidToMembers).toBe(paid.reduce((sum, s) => sum + s.net, 0));
    expect(books.held).toBe(books.collected - books.paidToMembers);
    const lines = await operatorLinesOf(t.ctx.db);
    const side = (pick: 'debit' | 'credit') => lines.reduce((sum, l) => sum + l[pick], 0);
    expect(side('debit')).toBe(side('credit'));
  });

  it('keeps the co-operative’s feed to its members and the young farmers’ feed public', async () => {
    const coop = await theCoop('amina');
    const feed = (await get<{ data: TGroupPost[] }>('amina', `/api/groups/${coop.id}/posts`)).data;
    expect(feed.length).toBeGreaterThanOrEqual(2);
    expect(feed.every((p) => p.comments.length > 0)).toBe(true);
    const outsider = await call(t.app, await login('kofi'), {
      method: 'GET',
      url: `/api/groups/${coop.id}/posts`,
    });
    expect(outsider.statusCode).toBe(404);
    const youth = (await get<{ data: TGroup[] }>('kofi', '/api/groups?kind=discussion')).data.find(
      (g) => g.name === YOUTH_GROUP.name,
    );
    expect(youth).toMatchObject({ visibility: 'public', memberCount: YOUTH_GROUP.joiners.length + 1 });
    const talk = (await get<{ data: TGroupPost[] }>('kofi', `/api/groups/${youth?.id}/posts`)).data;
    expect(talk.length).toBeGreaterThanOrEqual(3);
  });

  it('seeds once', async () => {
    const counts = async () => [
      (await t.ctx.db.select({ n: count() }).from(groups))[0]?.n,
      (await t.ctx.db.select({ n: count() }).from(intakes))[0]?.n,
    ];
    const before = await counts();
    await seed(t.ctx);
    expect(await counts()).toEqual(before);
  });
});
