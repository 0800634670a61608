// Live events reach only those who may read what they name: a farm's members, a bid's two parties, the user concerned.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { syntheticReadings } from '../farms/agronomy/synthetic-weather';
import { farmMembers } from '../farms/farms.schema';
import { sales } from '../finance/finance.schema';
import { sweepExpiredBids } from '../marketplace/bid-closing';
import { bids, trades } from '../marketplace/marketplace.schema';
import { createFarm, userWithRole } from '../test/factories';
import {
  call,
  createTestApp,
  drainBus,
  registerUser,
  type Session,
  type TestApp,
  uniqueName,
} from '../test/harness';
import { type LiveStream, openStream, settle } from '../test/live-stream';
import { AUDIENCE_CHUNK } from './audience';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const open: LiveStream[] = [];
afterEach(() => {
  for (const stream of open.splice(0)) {
    stream.close();
  }
});

async function watch(session: Session): Promise<LiveStream> {
  // An event of an earlier write still on its way must not reach the new stream and be counted.
  await drainBus(t);
  const stream = await openStream(t.app, session.cookie);
  open.push(stream);
  return stream;
}

type Named = { type: string; id: number };
const count = (stream: LiveStream, e: Named) =>
  stream.events.filter((x) => x.type === e.type && x.id === e.id).length;
const has = (stream: LiveStream, e: Named) => count(stream, e) > 0;

/** A browser gets what to refetch (type, id) and its own id on personal events: never anyone's audience. */
function expectMinimal(stream: LiveStream, userId: number): void {
  for (const event of stream.events) {
    expect(
      Object.keys(event).every((k) => k === 'type' || k === 'id' || k === 'userId'),
      JSON.stringify(event),
    ).toBe(true);
    if ('userId' in event) {
      expect(event.userId).toBe(userId);
    }
  }
}

const post = (session: Session, url: string, payload?: Record<string, unknown>) =>
  call(t.app, session.cookie, { method: 'POST', url, ...(payload ? { payload } : {}) });

async function created(res: Awaited<ReturnType<typeof post>>): Promise<{ id: number }> {
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function addMember(farmId: number, owner: Session, user: Session, role: string): Promise<void> {
  await created(await post(owner, `/api/farms/${farmId}/members`, { userId: user.user.id, role }));
}

const readings = () =>
  syntheticReadings({ start: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10), days: 1 }).map(
    (r) => ({ timestamp: r.timestamp.toISOString(), type: r.type, value: r.value }),
  );

describe('farm events', () => {
  it("reach the farm's members and no one else: not other farmers, managers nor agents", async () => {
    const owner = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await createFarm(t.app, owner);
    const viewer = await userWithRole(t.app, t.ctx, 'farmer');
    await addMember(farm.id, owner, viewer, 'viewer');
    const outsiders = [
      await userWithRole(t.app, t.ctx, 'farmer'),
      await userWithRole(t.app, t.ctx, 'manager'),
      await userWithRole(t.app, t.ctx, 'agent'),
      await userWithRole(t.app, t.ctx, 'buyer'),
    ];
    const base = `/api/farms/${farm.id}`;
    // Booked before the streams open, so its reversal is the only event that names it.
    const toReverse = await created(
      await post(owner, `${base}/transactions`, {
        type: 'expense',
        category: 'fuel',
        amount: 3,
        date: '2026-05-02',
      }),
    );
    const [ownerStream, viewerStream, ...outsiderStreams] = await Promise.all(
      [owner, viewer, ...outsiders].map(watch),
    );
    if (!ownerStream || !viewerStream) {
      throw new Error('no stream');
    }

    await created(await post(owner, `${base}/surveys`, { date: '2026-05-01', irrigationMm: 5 }));
    await created(await post(owner, `${base}/sensor-data`, { readings: readings() }));
    await created(await post(owner, `${base}/analytics/generate`, { type: 'pest_risk' }));
    // One statement with its NOTIFY (no transaction around it), and a reversal in a transaction.
    const booked = await created(
      await post(owner, `${base}/transactions`, {
        type: 'expense',
        category: 'seeds',
        amount: 5,
        date: '2026-05-01',
      }),
    );
    await created(await post(owner, `${base}/transactions/${toReverse.id}/reversal`));
    const sale = await created(
      await post(owner, `${base}/sales`, {
        type: 'custom',
        date: '2026-05-01',
        quantity: '2',
        pricePerUnit: '100.01',
        paid: true,
      }),
    );
    const report = await created(
      await post(owner, `${base}/reports`, { type: 'balance_sheet', period: 'monthly' }),
    );
    const written: Named[] = [
      { type: 'farm', id: farm.id },
      { type: 'sensor_data', id: farm.id },
      { type: 'analytics', id: farm.id },
      { type: 'transaction', id: booked.id },
      { type: 'transaction', id: toReverse.id },
      { type: 'sale', id: sale.id },
      { type: 'report', id: report.id },
    ];

    await Promise.all(written.map((e) => viewerStream.received(e.type, e.id)));
    await Promise.all(written.map((e) => ownerStream.received(e.type, e.id)));
    await settle(t.app, ...outsiderStreams);
    for (const [i, stream] of outsiderStreams.entries()) {
      expect(
        written.filter((e) => has(stream, e)),
        outsiders[i]?.user.role,
      ).toEqual([]);
    }
    expectMinimal(viewerStream, viewer.user.id);
    expectMinimal(ownerStream, owner.user.id);
  });

  it('stops reaching a member as soon as the membership ends', async () => {
    const owner = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await createFarm(t.app, owner);
    const worker = await userWithRole(t.app, t.ctx, 'farmer');
    await addMember(farm.id, owner, worker, 'worker');
    const [ownerStream, workerStream] = await Promise.all([watch(owner), watch(worker)]);
    if (!ownerStream || !workerStream) {
      throw new Error('no stream');
    }
    const survey = () =>
      post(owner, `/api/farms/${farm.id}/surveys`, { date: '2026-05-01', irrigationMm: 1 });
    const event = { type: 'farm', id: farm.id };
    await created(await survey());
    await workerStream.received('farm', farm.id);

    await t.ctx.db
      .delete(farmMembers)
      .where(and(eq(farmMembers.farmId, farm.id), eq(farmMembers.userId, worker.user.id)));
    await created(await survey());
    await expect.poll(() => count(ownerStream, event)).toBe(2);
    await settle(t.app, workerStream);
    expect(count(workerStream, event)).toBe(1);
  });

  it('tells only the members who may see them about devices', async () => {
    const owner = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await createFarm(t.app, owner);
    const manager = await userWithRole(t.app, t.ctx, 'farmer');
    const viewer = await userWithRole(t.app, t.ctx, 'farmer');
    await addMember(farm.id, owner, manager, 'manager');
    await addMember(farm.id, owner, viewer, 'viewer');
    const [managerStream, viewerStream] = await Promise.all([watch(manager), watch(viewer)]);
    if (!managerStream || !viewerStream) {
      throw new Error('no stream');
    }
    await created(await post(owner, `/api/farms/${farm.id}/devices`, { name: 'Station' }));
    await managerStream.received('farm', farm.id);
    await settle(t.app, viewerStream);
    expect(has(viewerStream, { type: 'farm', id: farm.id })).toBe(false);
  });

  it('reaches every member of a farm too large for one notification, once each', async () => {
    const owner = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await createFarm(t.app, owner);
    const viewer = await userWithRole(t.app, t.ctx, 'farmer');
    const outsider = await userWithRole(t.app, t.ctx, 'farmer');
    const tag = uniqueName('bulk');
    await t.ctx.db.execute(sql`
      with added as (
        insert into users (username, username_key, password_hash, role)
        select ${tag} || '_' || g, ${tag} || '_' || g, 'not a hash', 'farmer'
        from generate_series(1, ${AUDIENCE_CHUNK + 50}::int) as g
        returning id
      )
      insert into farm_members (farm_id, user_id, role) select ${farm.id}::int, id, 'viewer' from added`);
    await addMember(farm.id, owner, viewer, 'viewer');
    const [ownerStream, viewerStream, outsiderStream] = await Promise.all([
      watch(owner),
      watch(viewer),
      watch(outsider),
    ]);
    if (!ownerStream || !viewerStream || !outsiderStream) {
      throw new Error('no stream');
    }
    const notices: unknown[] = [];
    const stop = t.ctx.bus.subscribe((event, to) => {
      if (event.type === 'farm' && event.id === farm.id) {
        notices.push(to);
      }
    });
    await created(
      await post(owner, `/api/farms/${farm.id}/surveys`, { date: '2026-05-01', irrigationMm: 2 }),
    );
    await viewerStream.received('farm', farm.id);
    await ownerStream.received('farm', farm.id);
    await settle(t.app, viewerStream, ownerStream, outsiderStream);
    stop();
    expect(notices.length).toBe(2);
    expect(count(viewerStream, { type: 'farm', id: farm.id })).toBe(1);
    expect(count(ownerStream, { type: 'farm', id: farm.id })).toBe(1);
    expect(has(outsiderStream, { type: 'farm', id: farm.id })).toBe(false);
  });
});

describe('marketplace events', () => {
  const listing = async (farmer: Session, farmId: number) =>
    created(
      await post(farmer, '/api/commodities', {
        name: 'Maize',
        quantity: 10,
        price: 250.5,
        grade: 'A',
        farmId,
      }),
    );
  const bid = async (buyer: Session, commodityId: number, price: number, quantity: number) =>
    created(await post(buyer, '/api/bids', { commodityId, price, quantity }));
  const decide = async (session: Session, id: number, status: string) => {
    const res = await call(t.app, session.cookie, {
      method: 'PATCH',
      url: `/api/bids/${id}`,
      payload: { status },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it("tells a bid to its buyer and the listing's owner only, and listings and trades to everyone", async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await createFarm(t.app, farmer);
    const viewer = await userWithRole(t.app, t.ctx, 'farmer');
    await addMember(farm.id, farmer, viewer, 'viewer');
    const [buyer, otherBuyer, outsider] = [
      await userWithRole(t.app, t.ctx, 'buyer'),
      await userWithRole(t.app, t.ctx, 'buyer'),
      await userWithRole(t.app, t.ctx, 'farmer'),
    ];
    const everyone = [farmer, viewer, buyer, otherBuyer, outsider] as const;
    const streams = await Promise.all(everyone.map(watch));
    const [farmerS, viewerS, buyerS, otherS, outsiderS] = streams as [
      LiveStream,
      LiveStream,
      LiveStream,
      LiveStream,
      LiveStream,
    ];

    const listed = await listing(farmer, farm.id);
    // Placing a bid is one statement with its NOTIFY; rejecting one is a transaction.
    const mine = await bid(buyer, listed.id, 300, 4);
    const theirs = await bid(otherBuyer, listed.id, 280, 5);
    await decide(farmer, theirs.id, 'rejected');
    await decide(farmer, mine.id, 'accepted');
    const [trade] = await t.ctx.db.select({ id: trades.id }).from(trades).where(eq(trades.bidId, mine.id));
    const [sold] = trade
      ? await t.ctx.db.select({ id: sales.id }).from(sales).where(eq(sales.tradeId, trade.id))
      : [];
    if (!trade || !sold) {
      throw new Error('the trade was not booked');
    }

    for (const s of streams) {
      await s.received('commodity', listed.id);
    }
    await farmerS.received('bid', mine.id);
    await farmerS.received('bid', theirs.id);
    await buyerS.received('bid', mine.id);
    await otherS.received('bid', theirs.id);
    await viewerS.received('sale', sold.id);
    await settle(t.app, ...streams);

    expect(has(buyerS, { type: 'bid', id: theirs.id })).toBe(false);
    expect(has(otherS, { type: 'bid', id: mine.id })).toBe(false);
    for (const s of [viewerS, outsiderS]) {
      expect(has(s, { type: 'bid', id: mine.id }) || has(s, { type: 'bid', id: theirs.id })).toBe(false);
    }
    // The sale the trade booked is the farm's business; the trade itself is market data.
    for (const s of [buyerS, otherS, outsiderS]) {
      expect(has(s, { type: 'sale', id: sold.id })).toBe(false);
    }
    for (const s of streams) {
      expect(has(s, { type: 'trade', id: trade.id })).toBe(true);
      // That the market's best bid moved is public (every buyer's summary shows it), the bids are not.
      expect(has(s, { type: 'market', id: listed.id })).toBe(true);
    }
    for (const [i, s] of streams.entries()) {
      expectMinimal(s, everyone[i]?.user.id ?? -1);
    }
  });

  it("tells an expired bid to its buyer and the listing's owner only", async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await createFarm(t.app, farmer);
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const otherBuyer = await userWithRole(t.app, t.ctx, 'buyer');
    const listed = await listing(farmer, farm.id);
    const placed = await bid(buyer, listed.id, 300, 4);
    const streams = await Promise.all([farmer, buyer, otherBuyer].map(watch));
    const [farmerS, buyerS, otherS] = streams as [LiveStream, LiveStream, LiveStream];
    await t.ctx.db
      .update(bids)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bids.id, placed.id));
    await sweepExpiredBids(t.ctx);
    await farmerS.received('bid', placed.id);
    await buyerS.received('bid', placed.id);
    await otherS.received('market', listed.id);
    await settle(t.app, otherS);
    expect(has(otherS, { type: 'bid', id: placed.id })).toBe(false);
  });
});

describe('personal events', () => {
  it('reach only the user they concern', async () => {
    const me = await registerUser(t.app);
    const other = await registerUser(t.app);
    const [mine, theirs] = await Promise.all([watch(me), watch(other)]);
    if (!mine || !theirs) {
      throw new Error('no stream');
    }
    const res = await call(t.app, me.cookie, {
      method: 'PATCH',
      url: '/api/user/language',
      payload: { language: 'fr' },
    });
    expect(res.statusCode).toBe(200);
    await mine.received('user', me.user.id);
    expect(mine.events).toContainEqual({ type: 'user', id: me.user.id, userId: me.user.id });
    await settle(t.app, theirs);
    expect(has(theirs, { type: 'user', id: me.user.id })).toBe(false);
  });
});
