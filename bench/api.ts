// API benchmark: hot reads and writes on generated data against a bare Fastify route of the same body size.
// Usage: npm run bench:api -- [--scale 0.1] [--duration 10] [--connections 200] [--runs 3] [--data-dir DIR]
//        [--only TEXT] (routes whose name contains TEXT, comma-separated) [--cpu-prof DIR] (profile the server)
// (DATABASE_URL set: runs on that PostgreSQL; the generated data is kept and reused on the next run.)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type RequestContext, type RequestParams, type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import { createSession } from '../server/auth/sessions';
import { openDatabase } from '../server/db/client';
import { SESSION_COOKIE } from '../server/http/access';
import { prepareDatabase } from '../server/prepare-database';
import { type Measure, option, reachable, startChild, summarise, textOption } from './cli';
import { BENCH_BIDDER, BENCH_OWNER, seedBench, seedReadExtras, seedWriteOrders } from './seed';
import { freePort } from './server';

const READ_RATIO_BUDGET = 0.25;
const P99_BUDGET_MS = 100;
const WRITES_BUDGET = 1000;
/** Issue 21's target for every hot read (`hot` below): this share of the bare route, and this p99. */
const HOT_RATIO_TARGET = 0.5;
const HOT_P99_TARGET_MS = 50;
/** Issue 21's target for every write on PostgreSQL (bid, post, transaction, order step, payment). */
const WRITE_RATE_TARGET = 2000;
const WRITE_P99_TARGET_MS = 200;
const WRITERS = 200;
/** The order writes' names, to prepare their orders only when they run. */
const ORDER_STEP = 'PATCH /api/deliveries/:id';
const PAYMENT = 'POST /api/orders/:id/payments';
/** Payments a seller's orders share; a driver's deliveries are sized for this rate, with room to spare. */
const ORDERS_PER_PAYER = 50;
const ORDER_STEP_RATE_CEILING = 4000;
/** The steps a driver takes in turn on each assigned delivery (the last, delivered, needs the buyer's code). */
const DRIVER_STEPS = ['accepted', 'picked_up', 'in_transit'] as const;

interface Fixture {
  ownerCookie: string;
  /** A buyer with a pending bid in every market. */
  bidderCookie: string;
  farmId: number;
  buyerCookies: string[];
  farmerCookies: { cookie: string; farmId: number }[];
  listingIds: number[];
  /** Sellers with orders to record payments on (fresh each run). */
  payers: { cookie: string; orderIds: number[] }[];
  /** Drivers with deliveries to move on (fresh each run). */
  drivers: { cookie: string; deliveryIds: number[] }[];
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
  const listings = await query<{ id: number }>(
    `select c.id from commodities c join users u on u.id = c.owner_id
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
  const fixture: Fixture = {
    ownerCookie: await cookie(first.user_id),
    bidderCookie: await cookie(bidder.id),
    farmId: first.farm_id,
    buyerCookies: await Promise.all(buyers.map((b) => cookie(b.id))),
    farmerCookies: await Promise.all(
      owners.map(async (o) => ({ cookie: await cookie(o.user_id), farmId: o.farm_id })),
    ),
    listingIds: listings.map((l) => l.id),
    payers: await Promise.all(
      [...orders.payable].map(async ([id, orderIds]) => ({ cookie: await cookie(id), orderIds })),
    ),
    drivers: await Promise.all(
      [...orders.assigned].map(async ([id, deliveryIds]) => ({ cookie: await cookie(id), deliveryIds })),
    ),
  };
  await database.close();
  return fixture;
}

interface Target {
  name: string;
  kind: 'read' | 'write';
  /** DESIGN §8 sets a budget for this route (for writes: on PostgreSQL only). */
  budgeted: boolean;
  /** A hot read with issue 21's target (≥ 50 % of bare, p99 ≤ 50 ms). */
  hot: boolean;
  path: string;
  /** The response size the bare route answers with. */
  bytes: number;
  options: (url: string, connections: number, duration: number) => Parameters<typeof autocannon>[0];
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

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const stopServer = await startChild(
    ['server/main.ts'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(url ? { DATABASE_URL: url } : {}),
      DEMO_DATA: 'false',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // A bench never reaches the weather provider.
      WEATHER: 'off',
      WEB_DIST: join(root, 'no-web'),
    },
    reachable(`${base}/api/health`),
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  const barePort = await freePort();
  const bare = `http://127.0.0.1:${barePort}`;
  const stopBare = await startChild(
    ['bench/bare-server.ts', String(barePort)],
    {},
    reachable(`${bare}/bare/2`),
  );

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
      { path: '/api/market/price-history' },
      { path: '/api/posts', budgeted: true, hot: true },
      { path: '/api/notifications', hot: true },
      { path: '/api/notifications/unread-count', hot: true },
      { path: '/api/orders', hot: true },
      { path: `/api/farms/${id}/analytics` },
      { path: `/api/farms/${id}/financials` },
    ];
    const targets: Target[] = [];
    for (const read of reads) {
      const cookie = read.cookie ?? fixture.ownerCookie;
      targets.push({
        name: `GET ${read.path.replace(id, ':id')}${read.as ? ` (${read.as})` : ''}`,
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
    targets.push(...writeTargets(fixture, base));

    const rows: Record<string, string | number>[] = [];
    const chosen = targets.filter((t) => wanted(t.name));
    for (const target of chosen) {
      // Warm-up: caches filled, JIT warm, connections open.
      await autocannon(target.options(base, connections, Math.min(2, duration)));
      const measured: Result[] = [];
      const limits: Result[] = [];
      for (let run = 0; run < runs; run++) {
        limits.push(await autocannon({ url: `${bare}/bare/${target.bytes}`, connections, duration }));
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
        'bare req/s': Math.round(limit.reqPerSec),
        ratio: `${(ratio * 100).toFixed(1)} %`,
        errors: m.errors,
        budget: verdict(target, m, ratio, url !== undefined),
        target: target.hot
          ? hotVerdict(m, ratio)
          : target.kind === 'write'
            ? writeVerdict(m, url !== undefined)
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
        `writes ≥ ${WRITE_RATE_TARGET}/s and p99 ≤ ${WRITE_P99_TARGET_MS} ms on PostgreSQL`,
    );
    console.log(markdown(rows));
  } finally {
    await stopBare();
    await stopServer();
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

/** Issue 21's target for a write, against its figures (a PostgreSQL target: on PGlite the figure is the ceiling). */
function writeVerdict(m: Measure, onPostgres: boolean): string {
  const met = m.reqPerSec >= WRITE_RATE_TARGET && m.p99 <= WRITE_P99_TARGET_MS;
  const verdict = `target ${met ? 'met' : 'missed'} (${Math.round(m.reqPerSec)}/s, p99 ${m.p99} ms)`;
  return onPostgres ? verdict : `${verdict}, PostgreSQL target`;
}

/** Writes spread over many users (one per connection) so that the per-user write rate limit is not what is measured. */
function writeTargets(fixture: Fixture, base: string): Target[] {
  const rotate = <T>(items: T[]) => {
    let next = 0;
    return (context: RequestContext): T => {
      if (context.item === undefined) {
        context.item = items[next++ % items.length];
      }
      return context.item as T;
    };
  };
  const json = (request: RequestParams, cookie: string, body: unknown): RequestParams => ({
    ...request,
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const write = (
    name: string,
    path: string,
    setup: (request: RequestParams, context: RequestContext, n: number) => RequestParams,
    budgeted = true,
  ): Target => {
    let n = 0;
    return {
      name,
      kind: 'write',
      budgeted,
      hot: false,
      path,
      bytes: 300,
      options: (target, connections, duration) => ({
        url: target,
        connections,
        duration,
        requests: [{ path, setupRequest: (request, context) => setup(request, context, n++) }],
      }),
    };
  };
  const buyer = rotate(fixture.buyerCookies);
  const farmer = rotate(fixture.farmerCookies);
  // Progress is kept per user, not per connection: every run opens new connections on the same users.
  const payer = rotate(fixture.payers.map((p) => ({ ...p, next: 0 })));
  const driver = rotate(fixture.drivers.map((d) => ({ ...d, next: 0 })));
  return [
    write('POST /api/bids', '/api/bids', (request, context, n) =>
      json(request, buyer(context), {
        commodityId: fixture.listingIds[n % fixture.listingIds.length],
        price: '150',
        quantity: '0.01',
      }),
    ),
    write('POST /api/posts', '/api/posts', (request, context, n) =>
      json(request, buyer(context), { content: `Benchmark post ${n}`, type: 'insight' }),
    ),
    write('POST /api/farms/:id/transactions', '/api/farms/:id/transactions', (request, context, n) => {
      const { cookie, farmId } = farmer(context);
      return {
        ...json(request, cookie, {
          type: 'expense',
          category: 'seeds',
          amount: String(1 + (n % 500)),
          date: new Date().toISOString().slice(0, 10),
          paymentMethod: 'cash',
        }),
        path: `/api/farms/${farmId}/transactions`,
      };
    }),
    // The step most taken on an order: a driver moves a delivery on (accepted, picked up, in transit in turn).
    write(
      ORDER_STEP,
      '/api/deliveries/:id',
      (request, context) => {
        const d = driver(context);
        const step = d.next++;
        const id = d.deliveryIds[Math.min(Math.floor(step / DRIVER_STEPS.length), d.deliveryIds.length - 1)];
        return {
          ...json(request, d.cookie, { status: DRIVER_STEPS[step % DRIVER_STEPS.length] }),
          method: 'PATCH',
          path: `/api/deliveries/${id}`,
        };
      },
      false,
    ),
    // The seller records money received, over their orders in turn (a response lists the order's payments).
    write(
      PAYMENT,
      '/api/orders/:id/payments',
      (request, context) => {
        const p = payer(context);
        const id = p.orderIds[p.next++ % p.orderIds.length];
        return {
          ...json(request, p.cookie, { amount: '1', method: 'cash', reference: 'bench' }),
          path: `/api/orders/${id}/payments`,
        };
      },
      false,
    ),
  ];
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
