// API benchmark: hot reads and writes on generated data against a bare Fastify route of the same body size.
// Usage: npm run bench:api -- [--scale 0.1] [--duration 10] [--connections 200] [--runs 3] [--data-dir DIR]
//        [--only TEXT] (routes whose name contains TEXT, comma-separated) [--cpu-prof DIR] (profile the server)
// (DATABASE_URL set: runs on that PostgreSQL; the generated data is kept and reused on the next run.)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import { createSession } from '../server/auth/sessions';
import { openDatabase } from '../server/db/client';
import { SESSION_COOKIE } from '../server/http/access';
import { prepareDatabase } from '../server/prepare-database';
import {
  DRIVER_STEPS,
  ORDER_STEP,
  PAYMENT,
  type Target,
  type WriteFixture,
  writeTargets,
} from './api-writes';
import { type Measure, option, summarise, textOption } from './cli';
import { BENCH_BIDDER, BENCH_OWNER, seedBench, seedReadExtras, seedWriteOrders } from './seed';
import { seedWriteExtras } from './seed-writes';
import { freePort, startAppAndBare } from './server';

const READ_RATIO_BUDGET = 0.25;
const P99_BUDGET_MS = 100;
const WRITES_BUDGET = 1000;
/** Issue 21's target for every hot read (`hot` below): this share of the bare route, and this p99. */
const HOT_RATIO_TARGET = 0.5;
const HOT_P99_TARGET_MS = 50;
/**
 * Issue 37's target for every write: this share of its limit (its rows in one statement, bench/write-limits.ts) on
 * PostgreSQL, this share on PGlite, and this p99.
 */
const WRITE_RATIO_TARGET = { postgres: 0.5, pglite: 0.25 };
const WRITE_P99_TARGET_MS = 200;
const WRITERS = 200;
/** Payments a seller's orders share; a driver's deliveries are sized for this rate, with room to spare. */
const ORDERS_PER_PAYER = 50;
const ORDER_STEP_RATE_CEILING = 4000;

interface Fixture {
  ownerCookie: string;
  /** A buyer with a pending bid in every market. */
  bidderCookie: string;
  farmId: number;
  managerCookie: string;
  groupId: number;
  writes: WriteFixture;
}

interface RowsResult<T> {
  rows: T[];
}

/** Generates (or reuses) the data and makes sessions for the benchmark's users, before the server opens the database. */
async function prepare(
  scale: number,
  url: string | undefined,
  dataDir: string,
  orderWrites: { payments: boolean; deliveries: number },
): Promise<Fixture> {
  const database = await openDatabase({ url, dataDir });
  await prepareDatabase(database);
  const query = async <T>(text: string) =>
    ((await database.db.execute(sql.raw(text))) as unknown as RowsResult<T>).rows;
  const existing = await query<{ n: number }>(
    `select count(*)::int as n from users where username = '${BENCH_OWNER}'`,
  );
  if ((existing[0]?.n ?? 0) === 0) {
    const started = performance.now();
    console.log(`generating scale ${scale} on ${database.kind}…`);
    await seedBench(database, scale, 1);
    console.log(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } else if (await seedReadExtras(database)) {
    console.log('added the personal reads’ data (bidder, orders, notifications)');
  }
  const cookie = async (userId: number) => `${SESSION_COOKIE}=${await createSession(database.db, userId)}`;
  const owners = await query<{ user_id: number; farm_id: number }>(
    `select f.owner_id as user_id, f.id as farm_id from farms f join users u on u.id = f.owner_id
     where u.username like 'bench-u%' order by f.id limit ${WRITERS}`,
  );
  const buyers = await query<{ id: number }>(
    `select id from users where username like 'bench-u%' and role = 'buyer' order by id limit ${WRITERS}`,
  );
  const parties = owners.map((o, i) => ({
    sellerId: o.user_id,
    farmId: o.farm_id,
    buyerId: buyers[i % buyers.length]?.id ?? 0,
  }));
  const started = performance.now();
  const orders =
    orderWrites.payments || orderWrites.deliveries > 0
      ? await seedWriteOrders(database, parties, {
          perSeller: orderWrites.payments ? ORDERS_PER_PAYER : 0,
          perDriver: orderWrites.deliveries,
        })
      : { payable: new Map<number, number[]>(), assigned: new Map<number, number[]>() };
  if (orderWrites.payments || orderWrites.deliveries > 0) {
    console.log(
      `prepared the order writes' orders in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  const listings = await query<{ id: number; owner_id: number }>(
    `select c.id, c.owner_id from commodities c join users u on u.id = c.owner_id
     where u.username like 'bench-u%' and c.status = 'available' order by c.id limit 100`,
  );
  const first = owners[0];
  if (!first) {
    throw new Error('no generated farm');
  }
  const [bidder] = await query<{ id: number }>(`select id from users where username = '${BENCH_BIDDER}'`);
  if (!bidder) {
    throw new Error('no generated bidder');
  }
  const extras = await seedWriteExtras(
    database,
    owners.map((o) => ({ farmId: o.farm_id, ownerId: o.user_id })),
  );
  const orderRows = await query<{ id: number; farm_id: number; buyer_id: number; seller_id: number }>(
    `select id, farm_id, buyer_id, seller_id from orders
     where id = any('{${[...orders.payable.values()].flat().join(',')}}'::int[])`,
  );
  const orderOf = new Map(orderRows.map((o) => [o.id, o]));
  const deliveryRows = await query<{ id: number; order_id: number; buyer_id: number; seller_id: number }>(
    `select d.id, d.order_id, o.buyer_id, o.seller_id from deliveries d join orders o on o.id = d.order_id
     where d.id = any('{${[...orders.assigned.values()].flat().join(',')}}'::int[])`,
  );
  const deliveryOf = new Map(deliveryRows.map((d) => [d.id, d]));
  const fixture: Fixture = {
    ownerCookie: await cookie(first.user_id),
    bidderCookie: await cookie(bidder.id),
    farmId: first.farm_id,
    managerCookie: await cookie(extras.managerId),
    groupId: extras.groupId,
    writes: {
      buyers: await Promise.all(buyers.map(async (b) => ({ cookie: await cookie(b.id), id: b.id }))),
      listings: listings.map((l) => ({ id: l.id, ownerId: l.owner_id })),
      farmers: await Promise.all(
        owners.map(async (o) => ({
          cookie: await cookie(o.user_id),
          id: o.user_id,
          farmId: o.farm_id,
          taskId: extras.farms.get(o.farm_id)?.taskId ?? 0,
          lotId: extras.farms.get(o.farm_id)?.lotId ?? 0,
        })),
      ),
      payers: await Promise.all(
        [...orders.payable].map(async ([id, orderIds]) => ({
          cookie: await cookie(id),
          id,
          orders: orderIds.map((orderId) => ({
            id: orderId,
            farmId: orderOf.get(orderId)?.farm_id ?? 0,
            buyerId: orderOf.get(orderId)?.buyer_id ?? 0,
          })),
        })),
      ),
      drivers: await Promise.all(
        [...orders.assigned].map(async ([id, deliveryIds]) => ({
          cookie: await cookie(id),
          id,
          deliveries: deliveryIds.map((deliveryId) => {
            const d = deliveryOf.get(deliveryId);
            return { id: deliveryId, orderId: d?.order_id ?? 0, people: d ? [d.buyer_id, d.seller_id] : [] };
          }),
        })),
      ),
      eventId: extras.eventId,
    },
  };
  await database.close();
  return fixture;
}

async function main(): Promise<void> {
  const scale = option('scale', 0.1);
  const duration = option('duration', 10);
  const connections = option('connections', 200);
  const runs = option('runs', 3);
  const url = process.env.DATABASE_URL || undefined;
  const given = textOption('data-dir');
  const root = mkdtempSync(join(tmpdir(), 'terroir-api-bench-'));
  const dataDir = given ?? join(root, 'db');
  const only = textOption('only')?.split(',');
  const profileDir = textOption('cpu-prof');
  const wanted = (name: string) => !only || only.some((text) => name.includes(text));
  // Enough assigned deliveries for every step a run could take at ORDER_STEP_RATE_CEILING (warm-up included).
  const steps = ORDER_STEP_RATE_CEILING * (Math.min(2, duration) + runs * duration);
  const fixture = await prepare(scale, url, dataDir, {
    payments: wanted(PAYMENT),
    deliveries: wanted(ORDER_STEP) ? Math.ceil(steps / DRIVER_STEPS.length / WRITERS) : 0,
  });

  const limitPort = await freePort();
  const limitBase = `http://127.0.0.1:${limitPort}`;
  // The app as server/main.ts starts it, with the writes' limits on a second port of the same process.
  const { base, bare, stop } = await startAppAndBare({
    entry: 'bench/limit-server.ts',
    root,
    dataDir,
    url,
    profileDir,
    env: { LIMIT_PORT: String(limitPort) },
  });

  try {
    const owner = { cookie: fixture.ownerCookie, origin: base };
    // Stored analyses to list: one of each type for the benchmark farm.
    for (const type of ['yield_prediction', 'resource_optimization', 'pest_risk']) {
      await fetch(`${base}/api/farms/${fixture.farmId}/analytics/generate`, {
        method: 'POST',
        headers: { ...owner, 'content-type': 'application/json' },
        body: JSON.stringify({ type }),
      });
    }
    const size = async (path: string, cookie: string) => {
      const res = await fetch(`${base}${path}`, { headers: { cookie } });
      const text = await res.text();
      if (!res.ok) {
        throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
      }
      return Buffer.byteLength(text);
    };
    const id = String(fixture.farmId);
    const today = new Date().toISOString().slice(0, 10);
    const inTwoWeeks = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    await planCrop(base, owner, fixture.farmId, today);
    // Read as the benchmark owner (a farmer: no bids, so an outsider to the summary's personal part) unless named.
    const reads: { path: string; as?: string; cookie?: string; budgeted?: boolean; hot?: boolean }[] = [
      { path: '/api/commodities', budgeted: true, hot: true },
      { path: '/api/market/summary', as: 'outsider', budgeted: true, hot: true },
      {
        path: '/api/market/summary',
        as: 'bids everywhere',
        cookie: fixture.bidderCookie,
        budgeted: true,
        hot: true,
      },
      { path: '/api/market/price-history', hot: true },
      { path: '/api/posts', budgeted: true, hot: true },
      { path: '/api/notifications', hot: true },
      { path: '/api/notifications/unread-count', hot: true },
      { path: '/api/orders', hot: true },
      { path: `/api/farms/${id}/analytics` },
      { path: `/api/farms/${id}/financials` },
      // What the newer screens read on first paint (issue 37: each ≥ 50 % of bare, p99 ≤ 50 ms).
      { path: `/api/farms/${id}/crop-plans`, hot: true },
      { path: `/api/tasks?from=${today}&to=${inTwoWeeks}&status=open`, hot: true },
      { path: '/api/lots', hot: true },
      { path: '/api/stores', hot: true },
      { path: '/api/groups', hot: true },
      { path: `/api/groups/${fixture.groupId}`, hot: true },
      { path: `/api/groups/${fixture.groupId}/posts`, hot: true },
      { path: `/api/groups/${fixture.groupId}/settlements`, hot: true },
      { path: '/api/lessons', hot: true },
      { path: `/api/calendar?from=${today}`, hot: true },
      { path: '/api/forward-agreements', hot: true },
      { path: '/api/operations/escrow', as: 'manager', cookie: fixture.managerCookie, hot: true },
    ];
    const targets: Target[] = [];
    for (const read of reads) {
      const cookie = read.cookie ?? fixture.ownerCookie;
      targets.push({
        name: `GET ${read.path.replace(id, ':id').replace(String(fixture.groupId), ':id').split('?')[0]}${read.as ? ` (${read.as})` : ''}`,
        kind: 'read',
        budgeted: read.budgeted ?? false,
        hot: read.hot ?? false,
        path: read.path,
        bytes: await size(read.path, cookie),
        options: (target, c, d) => ({
          url: `${target}${read.path}`,
          connections: c,
          duration: d,
          headers: { cookie },
        }),
      });
    }
    targets.push(...writeTargets(fixture.writes));

    const rows: Record<string, string | number>[] = [];
    const chosen = targets.filter((t) => wanted(t.name));
    for (const target of chosen) {
      // Warm-up: caches filled, JIT warm, connections open.
      await autocannon(target.options(base, connections, Math.min(2, duration)));
      const measured: Result[] = [];
      const limits: Result[] = [];
      for (let run = 0; run < runs; run++) {
        limits.push(
          await autocannon(
            target.limit?.(limitBase, connections, duration) ?? {
              url: `${bare}/bare/${target.bytes}`,
              connections,
              duration,
            },
          ),
        );
        measured.push(await autocannon(target.options(base, connections, duration)));
      }
      const m = summarise(measured);
      const limit = summarise(limits);
      const ratio = m.reqPerSec / limit.reqPerSec;
      rows.push({
        route: target.name,
        bytes: target.bytes,
        'req/s': Math.round(m.reqPerSec),
        'p50 ms': m.p50,
        'p99 ms': m.p99,
        // A read's limit is the bare route with its bytes; a write's, its rows in one statement (bench/write-limits.ts).
        'limit req/s': Math.round(limit.reqPerSec),
        ratio: `${(ratio * 100).toFixed(1)} %`,
        errors: m.errors,
        budget: verdict(target, m, ratio, url !== undefined),
        target: target.hot
          ? hotVerdict(m, ratio)
          : target.kind === 'write'
            ? writeVerdict(m, ratio, url !== undefined)
            : '',
      });
      console.log(`${target.name}: ${Math.round(m.reqPerSec)} req/s, p99 ${m.p99} ms`);
    }
    const [one, five] = loadavg();
    console.log(
      `\nscale ${scale} on ${url ? 'PostgreSQL' : 'PGlite'}, ${connections} connections, ${duration} s × ${runs} (median), ` +
        `load average ${one?.toFixed(2)} / ${five?.toFixed(2)}; budgets (DESIGN §8): commodities, summary, posts ` +
        `≥ ${READ_RATIO_BUDGET * 100} % of bare and p99 ≤ ${P99_BUDGET_MS} ms, writes ≥ ${WRITES_BUDGET}/s on PostgreSQL; ` +
        `target (issue 21): hot reads ≥ ${HOT_RATIO_TARGET * 100} % of bare and p99 ≤ ${HOT_P99_TARGET_MS} ms, ` +
        `target (issue 37): writes ≥ ${WRITE_RATIO_TARGET.postgres * 100} % of their limit on PostgreSQL, ` +
        `≥ ${WRITE_RATIO_TARGET.pglite * 100} % on PGlite, p99 ≤ ${WRITE_P99_TARGET_MS} ms`,
    );
    console.log(markdown(rows));
  } finally {
    await stop();
    // The generated database lives under root unless --data-dir named one elsewhere, which is kept.
    rmSync(root, { recursive: true, force: true });
  }
}

/** met or MISSED where DESIGN §8 sets a budget for the route on this database; otherwise why there is none. */
function verdict(target: Target, m: Measure, ratio: number, onPostgres: boolean): string {
  if (!target.budgeted) {
    return '(no budget)';
  }
  if (target.kind === 'write') {
    if (!onPostgres) {
      return '(PostgreSQL budget)';
    }
    return m.reqPerSec >= WRITES_BUDGET ? 'met' : 'MISSED';
  }
  return ratio >= READ_RATIO_BUDGET && m.p99 <= P99_BUDGET_MS ? 'met' : 'MISSED';
}

/** Issue 21's target for a hot read. */
function hotVerdict(m: Measure, ratio: number): string {
  return ratio >= HOT_RATIO_TARGET && m.p99 <= HOT_P99_TARGET_MS ? 'target met' : 'target missed';
}

/** Issue 37's target for a write: its share of its limit on this database, and its p99. */
function writeVerdict(m: Measure, ratio: number, onPostgres: boolean): string {
  const share = onPostgres ? WRITE_RATIO_TARGET.postgres : WRITE_RATIO_TARGET.pglite;
  return ratio >= share && m.p99 <= WRITE_P99_TARGET_MS ? 'target met' : 'target missed';
}

/** The owner's farm has a plot with a maize plan (its tasks made from the crop's stages), once. */
async function planCrop(
  base: string,
  owner: { cookie: string; origin: string },
  farmId: number,
  today: string,
) {
  const headers = { ...owner, 'content-type': 'application/json' };
  const plans = await fetch(`${base}/api/farms/${farmId}/crop-plans`, { headers });
  if (((await plans.json()) as { plans: unknown[] }).plans.length > 0) {
    return;
  }
  const plot = await fetch(`${base}/api/farms/${farmId}/plots`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Bench plot', area: 0.5 }),
  });
  const { id: plotId } = (await plot.json()) as { id: number };
  const plan = await fetch(`${base}/api/farms/${farmId}/crop-plans`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ plotId, crop: 'maize', area: 0.5, plantingDate: today }),
  });
  if (!plan.ok) {
    throw new Error(`crop plan: ${plan.status} ${await plan.text()}`);
  }
}

function markdown(rows: Record<string, string | number>[]): string {
  const head = Object.keys(rows[0] ?? {});
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [
    line(head),
    line(head.map(() => '---')),
    ...rows.map((r) => line(head.map((h) => r[h] ?? ''))),
  ].join('\n');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
