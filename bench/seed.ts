// Benchmark data generator: fills a database with DESIGN §8's volume by bulk SQL, deterministic for a seed.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { CROP_KEYS } from '../contract/crops';
import { hashPassword } from '../server/auth/passwords';
import { loadConfig } from '../server/config';
import { type Database, openDatabase } from '../server/db/client';
import { postTransaction } from '../server/finance/posting';
import { marketKey } from '../server/marketplace/market-core';
import { prepareDatabase } from '../server/prepare-database';

export const BENCH_PASSWORD = 'bench-password-1';
/** The user who owns the first generated farm (the one with a year of hourly readings). */
export const BENCH_OWNER = 'bench-u0';
/** A buyer with a pending bid in every market (the summary's costliest caller), added by `seedReadExtras`. */
export const BENCH_BIDDER = 'bench-bidder';
/** Orders of the benchmark owner (sold to the first buyer) and notifications for them, for the personal reads. */
const EXTRA_ORDERS = 30;
const EXTRA_NOTIFICATIONS = 60;

export interface SeedCounts {
  users: number;
  farms: number;
  listings: number;
  bids: number;
  posts: number;
  comments: number;
  reactions: number;
  readings: number;
  ledgerEntries: number;
}

export function countsFor(scale: number): SeedCounts {
  const n = (base: number) => Math.max(10, Math.round(base * scale));
  const users = n(1_000);
  return {
    users,
    farms: Math.ceil(users / 2),
    listings: n(10_000),
    bids: n(100_000),
    posts: n(100_000),
    comments: n(100_000),
    reactions: n(200_000),
    readings: n(1_000_000),
    ledgerEntries: n(100_000),
  };
}

/** A deterministic pseudo-random integer in [0, mod) from a row number, a salt and the seed. */
function pick(expr: string, salt: number, seed: number, mod: number): string {
  return `(abs(hashint4((${expr})::int * 31 + ${salt * 7919 + seed})) % ${mod})`;
}

function quote(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

function label(key: string): string {
  const words = key.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

async function run(database: Database, step: string, statement: string): Promise<void> {
  const started = performance.now();
  await database.db.execute(sql.raw(statement));
  console.log(`  ${step.padEnd(28)} ${Math.round(performance.now() - started)} ms`);
}

async function firstId(database: Database, table: string, where: string): Promise<number> {
  const result = await database.db.execute(sql.raw(`select min(id)::int as id from ${table} where ${where}`));
  const rows = (result as unknown as { rows: { id: number }[] }).rows;
  const id = rows[0]?.id;
  if (id === undefined || id === null) {
    throw new Error(`no ${table} rows inserted`);
  }
  return id;
}

/** Rows of a few balanced transaction templates: (type, category, payment, debit account, credit account). */
function ledgerTemplates(): string {
  const combos: ['income' | 'expense', string, string][] = [
    ['income', 'produce_sales', 'cash'],
    ['income', 'produce_sales', 'mobile_money'],
    ['income', 'subsidy', 'bank_transfer'],
    ['expense', 'seeds', 'cash'],
    ['expense', 'fertilizer', 'mobile_money'],
    ['expense', 'labour', 'cash'],
    ['expense', 'transport', 'bank_transfer'],
    ['expense', 'fuel', 'cash'],
  ];
  return combos
    .map(([type, category, payment], t) => {
      const entry = postTransaction({
        type,
        category,
        paymentMethod: payment,
        amountCents: 100,
        date: '2026-01-01',
      });
      const debit = entry.lines.find((l) => l.debit > 0)?.account;
      const credit = entry.lines.find((l) => l.credit > 0)?.account;
      if (!debit || !credit || entry.lines.length !== 2) {
        throw new Error('unexpected posting template');
      }
      return `(${t}, ${quote(type)}, ${quote(category)}, ${quote(payment)}, ${quote(debit)}, ${quote(credit)})`;
    })
    .join(', ');
}

export async function seedBench(database: Database, scale: number, seed: number): Promise<SeedCounts> {
  const c = countsFor(scale);
  const existing = await database.db.execute(
    sql`select count(*)::int as n from users where username = ${BENCH_OWNER}`,
  );
  if (((existing as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) > 0) {
    throw new Error('this database already holds generated data: use an empty one');
  }
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const crops = CROP_KEYS.map((k) => label(k));
  const cropKeys = `array[${CROP_KEYS.map(quote).join(',')}]`;
  const cropNames = `array[${crops.map(quote).join(',')}]`;
  const marketKeys = `array[${crops.map((n) => quote(marketKey(n))).join(',')}]`;
  const nCrops = crops.length;
  const p = (expr: string, salt: number, mod: number) => pick(expr, salt, seed, mod);

  // Users: even rows are farmers (each owns one farm), odd rows buyers.
  await run(
    database,
    `users (${c.users})`,
    `insert into users (username, username_key, password_hash, role, email, country_code, language, created_at)
     select 'bench-u' || i, 'bench-u' || i, ${quote(passwordHash)},
       case when i % 2 = 0 then 'farmer' else 'buyer' end,
       'bench-u' || i || '@example.org', 'SN', case when i % 3 = 0 then 'fr' else 'en' end,
       timestamptz '2025-01-01' + (i || ' minutes')::interval
     from generate_series(0, ${c.users - 1}) i order by i`,
  );
  const u0 = await firstId(database, 'users', `username like 'bench-u%'`);
  // Farmer k is user u0 + 2k; buyer k is user u0 + 2k + 1.
  const farmer = (k: string) => `(${u0} + 2 * (${k}))`;
  const buyer = (k: string) => `(${u0} + 2 * (${k}) + 1)`;
  const nBuyers = Math.floor(c.users / 2);

  await run(
    database,
    `farms (${c.farms})`,
    `insert into farms (owner_id, name, size_ha, latitude, longitude, elevation, crop, planting_date)
     select ${farmer('i')}, 'Bench farm ' || i, 1 + ${p('i', 1, 40)}, 12 + ${p('i', 2, 400)} / 100.0,
       -16 + ${p('i', 3, 400)} / 100.0, ${p('i', 4, 300)}, (${cropKeys})[1 + ${p('i', 5, nCrops)}], date '2026-03-01'
     from generate_series(0, ${c.farms - 1}) i order by i`,
  );
  const f0 = await firstId(database, 'farms', `name like 'Bench farm %'`);
  await run(
    database,
    'farm members',
    `insert into farm_members (farm_id, user_id, role) select ${f0} + i, ${farmer('i')}, 'owner'
     from generate_series(0, ${c.farms - 1}) i`,
  );

  await run(
    database,
    `listings (${c.listings})`,
    `insert into commodities (owner_id, farm_id, name, market_key, quantity_kg, listed_quantity_kg, price_cents, grade, status, created_at, updated_at)
     select ${farmer('f')}, ${f0} + f, (${cropNames})[1 + k], (${marketKeys})[1 + k], q, q,
       5000 + ${p('i', 7, 50_000)}, (array['A','B','C'])[1 + ${p('i', 8, 3)}],
       case when ${p('i', 9, 10)} = 0 then 'sold' else 'available' end,
       now() - ((${c.listings} - i) || ' minutes')::interval, now() - ((${c.listings} - i) || ' minutes')::interval
     from (select i, ${p('i', 6, c.farms)} as f, ${p('i', 10, nCrops)} as k, 100 + ${p('i', 11, 20_000)} as q
           from generate_series(0, ${c.listings - 1}) i) s order by i`,
  );
  const l0 = await firstId(database, 'commodities', `owner_id >= ${u0}`);

  // Bids: a fifth still pending (expiring in the future), the rest rejected, withdrawn or expired; none accepted,
  // since an accepted bid must have its trade.
  await run(
    database,
    `bids (${c.bids})`,
    `insert into bids (commodity_id, buyer_id, price_cents, quantity_kg, status, expires_at, created_at, updated_at)
     select ${l0} + ${p('i', 12, c.listings)}, ${buyer(p('i', 13, nBuyers))}, 4000 + ${p('i', 14, 50_000)},
       10 + ${p('i', 15, 500)}, s.status,
       case when s.status = 'pending' then now() + interval '7 days' else now() - interval '1 day' end,
       now() - ((${c.bids} - i) || ' seconds')::interval, now() - ((${c.bids} - i) || ' seconds')::interval
     from (select i, (array['pending','rejected','withdrawn','expired','rejected'])[1 + ${p('i', 16, 5)}] as status
           from generate_series(0, ${c.bids - 1}) i) s order by i`,
  );

  await run(
    database,
    `posts (${c.posts})`,
    `insert into posts (author_id, content, type, created_at)
     select ${u0} + ${p('i', 17, c.users)}, 'Field note ' || i || ': ' || (${cropNames})[1 + ${p('i', 18, nCrops)}]
       || ' looks ' || (array['good','dry','ready for harvest','late this season'])[1 + ${p('i', 19, 4)}] || '.',
       (array['insight','question','event'])[1 + ${p('i', 20, 3)}],
       now() - ((${c.posts} - i) || ' minutes')::interval
     from generate_series(0, ${c.posts - 1}) i order by i`,
  );
  const p0 = await firstId(database, 'posts', `content like 'Field note %'`);
  await run(
    database,
    `comments (${c.comments})`,
    `insert into comments (post_id, author_id, content, created_at)
     select ${p0} + ${p('i', 21, c.posts)}, ${u0} + ${p('i', 22, c.users)}, 'Comment ' || i,
       now() - ((${c.comments} - i) || ' seconds')::interval
     from generate_series(0, ${c.comments - 1}) i order by i`,
  );
  // Reactions: post i % posts from user (post + j) for the j-th round, so (post, user, type) stays unique.
  await run(
    database,
    `reactions (${c.reactions})`,
    `insert into reactions (post_id, user_id, type)
     select ${p0} + i % ${c.posts}, ${u0} + ((i % ${c.posts}) + i / ${c.posts}) % ${c.users},
       (array['like','helpful','insightful'])[1 + (i / ${c.posts}) % 3]
     from generate_series(0, ${c.reactions - 1}) i`,
  );

  // Sensor readings: the first farm has a year of hourly data for four types; the rest share what is left.
  const types = `array['temperature','humidity','rainfall','soil_moisture']`;
  const hoursFirst = Math.min(8760, Math.floor(c.readings / 4));
  const rest = c.readings - hoursFirst * 4;
  const perFarm = Math.max(4, Math.floor(rest / Math.max(1, c.farms - 1)));
  const values = (t: string, h: string, salt: number) =>
    `case ${t} when 0 then 22 + 8 * sin((${h}) * pi() / 12) + ${p(h, salt, 30)} / 10.0
       when 1 then 40 + ${p(h, salt + 1, 50)} when 2 then (case when ${p(h, salt + 2, 20)} = 0 then ${p(h, salt + 3, 80)} / 10.0 else 0 end)
       else 20 + ${p(h, salt + 4, 30)} end`;
  await run(
    database,
    `readings, first farm (${hoursFirst * 4})`,
    `insert into sensor_readings (farm_id, ts, type, value)
     select ${f0}, date_trunc('hour', now()) - ((${hoursFirst} - h) || ' hours')::interval, (${types})[1 + t], ${values('t', 'h', 30)}
     from generate_series(0, ${hoursFirst - 1}) h, generate_series(0, 3) t`,
  );
  if (c.farms > 1 && rest > 0) {
    const hours = Math.floor(perFarm / 4);
    await run(
      database,
      `readings, other farms (${hours * 4 * (c.farms - 1)})`,
      `insert into sensor_readings (farm_id, ts, type, value)
       select ${f0} + f, date_trunc('hour', now()) - ((${hours} - h) || ' hours')::interval, (${types})[1 + t], ${values('t', 'h + f', 40)}
       from generate_series(1, ${c.farms - 1}) f, generate_series(0, ${hours - 1}) h, generate_series(0, 3) t`,
    );
  }

  // Ledger: each transaction books one balanced entry (two lines of the same amount) from a posting template.
  const tmpl = `(values ${ledgerTemplates()}) as tp(t, type, category, payment, debit, credit)`;
  const nTemplates = 8;
  await run(
    database,
    `ledger entries (${c.ledgerEntries})`,
    `insert into journal_entries (farm_id, date, memo, source_type)
     select ${f0} + ${p('i', 50, c.farms)}, current_date - ${p('i', 51, 730)}, 'Bench transaction ' || i, 'transaction'
     from generate_series(0, ${c.ledgerEntries - 1}) i order by i`,
  );
  const e0 = await firstId(database, 'journal_entries', `memo like 'Bench transaction %'`);
  const amount = (i: string) => `(100 + ${p(i, 52, 500_000)})`;
  await run(
    database,
    'ledger lines',
    `insert into journal_lines (entry_id, account, debit_cents, credit_cents)
     select ${e0} + i, case when side = 0 then tp.debit else tp.credit end,
       case when side = 0 then ${amount('i')} else 0 end, case when side = 1 then ${amount('i')} else 0 end
     from generate_series(0, ${c.ledgerEntries - 1}) i, generate_series(0, 1) side, ${tmpl}
     where tp.t = i % ${nTemplates} order by i, side`,
  );
  await run(
    database,
    'finance transactions',
    `insert into finance_transactions (farm_id, type, category, amount_cents, description, date, payment_method, entry_id)
     select e.farm_id, tp.type, tp.category, ${amount('i')}, e.memo, e.date, tp.payment, e.id
     from generate_series(0, ${c.ledgerEntries - 1}) i join journal_entries e on e.id = ${e0} + i, ${tmpl}
     where tp.t = i % ${nTemplates} order by i`,
  );
  await seedReadExtras(database);
  await run(database, 'analyze', 'analyze');
  return c;
}

/**
 * What the personal hot reads need, on data generated before they were measured too (so it checks first): a buyer
 * with a pending bid on one available listing of every market, and for the benchmark owner orders (sold to the
 * first buyer: an accepted bid, its trade and the order with its first timeline entry) and notifications, a third
 * of them unread. Returns whether it added anything.
 */
export async function seedReadExtras(database: Database): Promise<boolean> {
  const rows = async <T>(text: string) =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  const [present] = await rows<{ n: number }>(
    `select count(*)::int as n from users where username = ${quote(BENCH_BIDDER)}`,
  );
  if ((present?.n ?? 0) > 0) {
    return false;
  }
  const [owner] = await rows<{ id: number }>(`select id from users where username = ${quote(BENCH_OWNER)}`);
  const [buyer] = await rows<{ id: number }>(
    `select min(id)::int as id from users where username like 'bench-u%' and role = 'buyer'`,
  );
  if (!owner || !buyer) {
    throw new Error('no generated users');
  }
  const [hash] = await rows<{ password_hash: string }>(
    `select password_hash from users where id = ${owner.id}`,
  );
  await run(
    database,
    'bidder',
    `insert into users (username, username_key, password_hash, role, email, country_code, language)
     values (${quote(BENCH_BIDDER)}, ${quote(BENCH_BIDDER)}, ${quote(hash?.password_hash ?? '')}, 'buyer',
       'bench-bidder@example.org', 'SN', 'en')`,
  );
  await run(
    database,
    'bidder: a bid in every market',
    `insert into bids (commodity_id, buyer_id, price_cents, quantity_kg, status, expires_at)
     select distinct on (c.market_key) c.id, u.id, 4000 + c.id % 1000, 10, 'pending', now() + interval '30 days'
     from commodities c, users u where u.username = ${quote(BENCH_BIDDER)} and c.status = 'available'
     order by c.market_key, c.id`,
  );
  // Accepted bids on the owner's listings, each with its trade and order (no books: saleEntryId is optional).
  await run(
    database,
    `orders of the owner (${EXTRA_ORDERS})`,
    `with lots as (
       select c.id, c.name, c.market_key, c.grade, c.farm_id, c.price_cents, row_number() over (order by c.id) as n
       from commodities c where c.owner_id = ${owner.id} order by c.id limit ${EXTRA_ORDERS}),
     won as (
       insert into bids (commodity_id, buyer_id, price_cents, quantity_kg, status, expires_at)
       select id, ${buyer.id}, price_cents, 100, 'accepted', now() + interval '1 day' from lots
       returning id, commodity_id),
     traded as (
       insert into trades (commodity_id, bid_id, buyer_id, seller_id, market_key, price_cents, quantity_kg, total_cents, farm_id)
       select l.id, w.id, ${buyer.id}, ${owner.id}, l.market_key, l.price_cents, 100, l.price_cents / 10, l.farm_id
       from won w join lots l on l.id = w.commodity_id
       returning id, commodity_id, price_cents, total_cents, farm_id)
     insert into orders (trade_id, commodity_id, commodity_name, grade, buyer_id, seller_id, farm_id, quantity_kg,
       price_cents, total_cents, handover_code)
     select t.id, t.commodity_id, l.name, l.grade, ${buyer.id}, ${owner.id}, t.farm_id, 100, t.price_cents,
       t.total_cents, lpad((l.n * 7919 % 1000000)::text, 6, '0')
     from traded t join lots l on l.id = t.commodity_id order by t.id`,
  );
  await run(
    database,
    'order timelines',
    `insert into order_events (order_id, step, by_id, at)
     select o.id, 'awaiting_delivery', o.seller_id, o.created_at from orders o where o.seller_id = ${owner.id}`,
  );
  await run(
    database,
    `notifications of the owner (${EXTRA_NOTIFICATIONS})`,
    `insert into notifications (user_id, type, data, link, read_at, created_at)
     select ${owner.id}, 'bid_received',
       jsonb_build_object('buyer', 'bench-u1', 'commodity', 'Maize', 'price', 150 + i, 'quantity', 1.5),
       '/marketplace#bids-received', case when i % 3 = 0 then null else now() end,
       now() - ((${EXTRA_NOTIFICATIONS} - i) || ' minutes')::interval
     from generate_series(1, ${EXTRA_NOTIFICATIONS}) i order by i`,
  );
  return true;
}

/** Drivers the order-step benchmark moves deliveries as (one per connection), made once. */
const BENCH_DRIVERS = 200;

/** Who sells what the order writes of `bench:api` work on: a farmer writer, their farm and a buyer. */
export interface OrderParty {
  sellerId: number;
  farmId: number;
  buyerId: number;
}

/** Fresh orders for the order writes of one `bench:api` run: what each seller records payments on, each driver moves. */
export interface WriteOrders {
  /** Orders awaiting delivery with (practically) everything due, by seller. */
  payable: Map<number, number[]>;
  /** Deliveries assigned to a driver and not yet accepted, by driver. */
  assigned: Map<number, number[]>;
}

/**
 * Fresh orders for the order writes (each run takes new ones, so a response does not grow with earlier runs'
 * payments): `perSeller` orders for each seller to record payments against (a total far above what a run pays),
 * and `perDriver` deliveries assigned to each of BENCH_DRIVERS drivers (made once), on orders of the same sellers.
 * Ids are taken from the sequences first so that bid, trade, order and delivery name each other in one statement.
 */
export async function seedWriteOrders(
  database: Database,
  parties: readonly OrderParty[],
  counts: { perSeller: number; perDriver: number },
): Promise<WriteOrders> {
  const rows = async <T>(text: string) =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  const [hash] = await rows<{ password_hash: string }>(
    `select password_hash from users where username = ${quote(BENCH_OWNER)}`,
  );
  await rows(
    `insert into users (username, username_key, password_hash, role, email, country_code, language)
     select 'bench-driver-' || i, 'bench-driver-' || i, ${quote(hash?.password_hash ?? '')}, 'delivery',
       'bench-driver-' || i || '@example.org', 'SN', 'en'
     from generate_series(0, ${BENCH_DRIVERS - 1}) i
     where not exists (select 1 from users where username = 'bench-driver-' || i)`,
  );
  const drivers = await rows<{ id: number }>(
    `select id from users where username like 'bench-driver-%' order by id limit ${BENCH_DRIVERS}`,
  );
  const list = (pick: (p: OrderParty) => number) => `array[${parties.map(pick).join(',')}]::int[]`;
  const plan = (orders: string, extra: string) => `
    with party as (
      select s.seller, s.farm, s.buyer, s.n, c.id as commodity_id, c.name, c.market_key, c.grade
      from unnest(${list((p) => p.sellerId)}, ${list((p) => p.farmId)}, ${list((p) => p.buyerId)})
        with ordinality as s(seller, farm, buyer, n)
      cross join lateral (select id, name, market_key, grade from commodities
        where owner_id = s.seller order by id limit 1) c),
    planned as materialized (
      select o.*, nextval(pg_get_serial_sequence('bids', 'id'))::int as bid_id,
        nextval(pg_get_serial_sequence('trades', 'id'))::int as trade_id,
        nextval(pg_get_serial_sequence('orders', 'id'))::int as order_id
      from (${orders}) o),
    won as (
      insert into bids (id, commodity_id, buyer_id, price_cents, quantity_kg, status, expires_at)
      select bid_id, commodity_id, buyer, 1000000, 100000, 'accepted', now() + interval '1 day' from planned),
    traded as (
      insert into trades (id, commodity_id, bid_id, buyer_id, seller_id, market_key, price_cents, quantity_kg,
        total_cents, farm_id)
      select trade_id, commodity_id, bid_id, buyer, seller, market_key, 1000000, 100000, 100000000, farm
      from planned),
    ordered as (
      insert into orders (id, trade_id, commodity_id, commodity_name, grade, buyer_id, seller_id, farm_id,
        quantity_kg, price_cents, total_cents, handover_code)
      select order_id, trade_id, commodity_id, name, grade, buyer, seller, farm, 100000, 1000000, 100000000,
        lpad((order_id * 7919 % 1000000)::text, 6, '0')
      from planned)
    ${extra}`;
  const payable = await rows<{ seller: number; id: number }>(
    plan(
      `select party.*, k from party cross join generate_series(1, ${counts.perSeller}) k`,
      'select seller, order_id as id from planned order by order_id',
    ),
  );
  const assigned = await rows<{ driver: number; id: number }>(
    plan(
      `select party.*, d.id as driver, k from party
       join (select id, row_number() over (order by id) as n from unnest(array[${drivers.map((d) => d.id).join(',')}]::int[]) id) d
         on d.n % ${parties.length} = party.n % ${parties.length}
       cross join generate_series(1, ${counts.perDriver}) k`,
      `insert into deliveries (order_id, mode, driver_id, status)
       select order_id, 'driver', driver, 'assigned' from planned order by order_id
       returning driver_id as driver, id`,
    ),
  );
  const group = <T>(items: T[], key: (item: T) => number, value: (item: T) => number) => {
    const map = new Map<number, number[]>();
    for (const item of items) {
      const ids = map.get(key(item)) ?? [];
      ids.push(value(item));
      map.set(key(item), ids);
    }
    for (const ids of map.values()) {
      ids.sort((a, b) => a - b);
    }
    return map;
  };
  return {
    payable: group(
      payable,
      (r) => r.seller,
      (r) => r.id,
    ),
    assigned: group(
      assigned,
      (r) => r.driver,
      (r) => r.id,
    ),
  };
}

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`--${name} must be a positive number`);
  }
  return value;
}

async function main(): Promise<void> {
  const scale = argument('scale', 1);
  const seed = argument('seed', 1);
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const started = performance.now();
  await prepareDatabase(database);
  console.log(`Generating scale ${scale} (seed ${seed}) on ${database.kind}`);
  const counts = await seedBench(database, scale, seed);
  await database.close();
  console.log(JSON.stringify(counts));
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1]?.endsWith('seed.ts')) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
