// A co-operative's season for `bench:coop`, by bulk SQL: the rows the real code writes for members joining, stores,
// intakes (the intake, its lot's movement, the member's receipt), input credit and one lot sold and released (its
// seller payout pooled for the co-operative), so that the routes measured read what they would after a season.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { RECEIPT_CODE_ALPHABET } from '../contract/stock';
import { hashPassword } from '../server/auth/passwords';
import type { Database } from '../server/db/client';
import { marketKey } from '../server/marketplace/market-core';

export const COOP_MEMBERS = 2_000;
export const COOP_INTAKES = 50_000;
export const COOP_LOTS = 40;
/** The lot the settlement shares out: store 0, maize grade B, delivered into by exactly this many members. */
export const SETTLED_CONTRIBUTORS = 800;
const SETTLED_LOT = 1;
const KEEPERS = 3;
const STORES = 4;
const LOTS_PER_STORE = COOP_LOTS / STORES;
const CROPS = ['Maize', 'Sorghum', 'Groundnuts', 'Beans', 'Rice'];
/** Members with input credit outstanding (among the settled lot's contributors: the settlement repays it). */
const CREDITED = 200;
/** 150,000 FCFA a ton (cents), what the buyer paid for the settled lot. */
const PRICE_PER_TON = 15_000_000;
const SEASON_START = '2026-07-01';
const SEASON_DAYS = 120;

export interface CoopFixture {
  groupId: number;
  adminId: number;
  keeperIds: number[];
  /** The settled lot's contributors, in member order. */
  contributorIds: number[];
  storeId: number;
  settledLotId: number;
}

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
const hash = (expr: string, salt: number, mod: number) =>
  `(abs(hashint4((${expr})::int * 31 + ${salt})) % ${mod})`;
/** A 4-character intake reference from the receipts' alphabet, unique for i < 31⁴. */
const reference = (i: string) =>
  [0, 1, 2, 3]
    .map((k) => `substr(${quote(RECEIPT_CODE_ALPHABET)}, 1 + ((${i}) / ${31 ** k}) % 31, 1)`)
    .join(' || ');

async function rows<T>(database: Database, text: string): Promise<T[]> {
  return ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
}

/** Runs the statements in turn (PGlite takes one a call). */
async function run(database: Database, step: string, ...statements: string[]): Promise<void> {
  const started = performance.now();
  for (const text of statements) {
    await database.db.execute(sql.raw(text));
  }
  console.log(`  ${step.padEnd(34)} ${Math.round(performance.now() - started)} ms`);
}

/** Generates one more co-operative (each run its own: a settlement shares a sale out once) named by `prefix`. */
export async function seedCoop(database: Database, prefix: string): Promise<CoopFixture> {
  const passwordHash = quote(await hashPassword('bench-password-1'));
  const user = (name: string, role: string, language = `'en'`, phone = 'null') =>
    `(${quote(`${prefix}-${name}`)}, ${quote(`${prefix}-${name}`)}, ${passwordHash}, '${role}', ${language}, 'CM', ${phone})`;
  await run(
    database,
    'admin, keepers, account, buyer',
    `insert into users (username, username_key, password_hash, role, language, country_code, verified_phone)
     values ${[
       user('admin', 'farmer', `'fr'`),
       ...Array.from({ length: KEEPERS }, (_, k) => user(`keeper${k}`, 'farmer')),
       user('account', 'farmer', `'fr'`),
       user('buyer', 'buyer', `'en'`, `'+237670000002'`),
     ].join(', ')}`,
  );
  const id = async (name: string) =>
    (
      await rows<{ id: number }>(
        database,
        `select id from users where username = ${quote(`${prefix}-${name}`)}`,
      )
    )[0]?.id ?? 0;
  const [adminId, accountId, buyerId] = [await id('admin'), await id('account'), await id('buyer')];
  const keeperIds = await Promise.all(Array.from({ length: KEEPERS }, (_, k) => id(`keeper${k}`)));
  // Members: half French, nine in ten with a proven MTN number.
  await run(
    database,
    `members (${COOP_MEMBERS})`,
    `insert into users (username, username_key, password_hash, role, language, country_code, verified_phone)
     select ${quote(`${prefix}-m`)} || i, ${quote(`${prefix}-m`)} || i, ${passwordHash}, 'farmer',
       case when i % 2 = 0 then 'fr' else 'en' end, 'CM',
       case when i % 10 = 9 then null else '+2376' || lpad((10000000 + i)::text, 8, '0') end
     from generate_series(0, ${COOP_MEMBERS - 1}) i order by i`,
  );
  const m0 = (
    await rows<{ id: number }>(database, `select id from users where username = ${quote(`${prefix}-m0`)}`)
  )[0]?.id;
  if (!adminId || !accountId || !buyerId || !m0) {
    throw new Error('generated users missing');
  }
  const [group] = await rows<{ id: number }>(
    database,
    `insert into groups (name, kind, region, visibility, crops, levy_tenths, transport_per_ton, differential_a,
       differential_b, differential_c, account_user_id, created_by)
     values (${quote(`Coop ${prefix}`)}, 'cooperative', 'West', 'members', array[${CROPS.map(quote).join(',')}], 50,
       200000, 500000, 0, -500000, ${accountId}, ${adminId}) returning id`,
  );
  const groupId = group?.id ?? 0;
  await run(
    database,
    'memberships, admin link',
    `insert into group_members (group_id, user_id, role, status, joined_at)
     select ${groupId}, u, r, 'active', now() from (values (${adminId}, 'admin')
       ${keeperIds.map((k) => `, (${k}, 'store_keeper')`).join('')}) v(u, r)
     union all select ${groupId}, ${m0} + i, 'member', 'active', now() - interval '200 days'
     from generate_series(0, ${COOP_MEMBERS - 1}) i`,
    `insert into agent_links (agent_id, farmer_id, status, kind) values (${adminId}, ${accountId}, 'active', 'group')`,
  );
  await run(
    database,
    `stores (${STORES}), keepers`,
    `insert into stores (name, kind, location, owner_id)
     select 'Magasin ' || s, 'coop', 'Dschang', ${accountId} from generate_series(0, ${STORES - 1}) s order by s`,
    `insert into store_keepers (store_id, user_id, added_by)
     select s.id, k, ${adminId} from stores s, unnest(array[${[adminId, ...keeperIds].join(',')}]) k
     where s.owner_id = ${accountId}`,
  );
  const s0 = (
    await rows<{ id: number }>(database, `select min(id) as id from stores where owner_id = ${accountId}`)
  )[0]?.id;
  // Lot k: store k / 10, crop (k % 10) / 2, grade A (even k) or B (odd k).
  await run(
    database,
    `lots (${COOP_LOTS})`,
    `insert into lots (store_id, owner_id, crop, grade, quantity_kg, deposited_kg, created_by)
     select ${s0} + k / ${LOTS_PER_STORE}, ${accountId}, (array[${CROPS.map(quote).join(',')}])[1 + (k % 10) / 2],
       case when k % 2 = 0 then 'A' else 'B' end, 0, 0, ${keeperIds[0]}
     from generate_series(0, ${COOP_LOTS - 1}) k order by k`,
  );
  const l0 = (
    await rows<{ id: number }>(database, `select min(id) as id from lots where owner_id = ${accountId}`)
  )[0]?.id;
  await seedIntakes(database, { groupId, m0, l0: l0 ?? 0, s0: s0 ?? 0, keeperIds });
  await seedSale(database, { accountId, adminId, buyerId, lotId: (l0 ?? 0) + SETTLED_LOT });
  await seedCredit(database, { groupId, adminId, m0 });
  await run(database, 'analyze', 'analyze');
  return {
    groupId,
    adminId,
    keeperIds,
    contributorIds: Array.from({ length: SETTLED_CONTRIBUTORS }, (_, i) => m0 + i),
    storeId: s0 ?? 0,
    settledLotId: (l0 ?? 0) + SETTLED_LOT,
  };
}

/**
 * 50,000 intakes over the season, one in 40 into each lot; the settled lot's from its 800 contributors in turn, the
 * others' from any member. Each with its lot's movement in and the member's receipt, as `recordIntake` writes them.
 */
async function seedIntakes(
  database: Database,
  at: { groupId: number; m0: number; l0: number; s0: number; keeperIds: number[] },
): Promise<void> {
  const memberOf = `case when i % ${COOP_LOTS} = ${SETTLED_LOT} then (i / ${COOP_LOTS}) % ${SETTLED_CONTRIBUTORS}
    else ${hash('i', 3, COOP_MEMBERS)} end`;
  await run(
    database,
    `intakes (${COOP_INTAKES})`,
    `insert into intakes (group_id, member_id, crop, grade, moisture_tenths, quantity_kg, bags, store_id, lot_id, date,
       reference, recorded_by, created_at)
     select ${at.groupId}, ${at.m0} + m, l.crop, l.grade, 120 + ${hash('i', 5, 30)}, 50 * b + ${hash('i', 6, 50)}, b,
       l.store_id, l.id, d, ${reference('i')}, (array[${at.keeperIds.join(',')}])[1 + i % ${KEEPERS}],
       d + (i % 600 || ' seconds')::interval + interval '8 hours'
     from (select i, ${memberOf} as m, 1 + ${hash('i', 4, 20)} as b,
             date ${quote(SEASON_START)} + (i * ${SEASON_DAYS} / ${COOP_INTAKES}) as d
           from generate_series(0, ${COOP_INTAKES - 1}) i) s
       join lots l on l.id = ${at.l0} + s.i % ${COOP_LOTS}
     order by i`,
  );
  await run(
    database,
    'lot movements in',
    `insert into lot_movements (lot_id, kind, quantity_kg, happened_on, by_id, created_at)
     select lot_id, 'in', quantity_kg, date, recorded_by, created_at from intakes
     where group_id = ${at.groupId} order by id`,
  );
  await run(
    database,
    'lots: weights, origin, moisture',
    `update lots l set quantity_kg = t.kg, deposited_kg = t.kg, origin_intake_id = t.first,
       moisture_tenths = round(t.moisture::numeric / t.kg)
     from (select lot_id, sum(quantity_kg)::int as kg, min(id) as first,
             sum(quantity_kg::bigint * moisture_tenths) as moisture
           from intakes where group_id = ${at.groupId} group by lot_id) t
     where l.id = t.lot_id`,
  );
  await run(
    database,
    'receipts',
    `insert into notifications (user_id, type, data, link, read_at, created_at)
     select i.member_id, 'coop_intake', jsonb_build_object('group', g.name, 'crop', i.crop, 'grade', i.grade,
         'kg', i.quantity_kg, 'day', i.date, 'bags', i.bags, 'moisture', i.moisture_tenths / 10.0, 'ref', i.reference),
       '/groups/' || g.id, i.created_at + interval '1 hour', i.created_at
     from intakes i join groups g on g.id = i.group_id where i.group_id = ${at.groupId} order by i.id`,
  );
}

/**
 * The settled lot listed for the co-operative, bid for, accepted, paid into escrow and released: the sale's
 * movement out of the lot and the buyer's collection and the seller payout pooled for the co-operative, succeeded.
 */
async function seedSale(
  database: Database,
  at: { accountId: number; adminId: number; buyerId: number; lotId: number },
): Promise<void> {
  const [lot] = await rows<{ kg: number }>(
    database,
    `select quantity_kg as kg from lots where id = ${at.lotId}`,
  );
  const kg = lot?.kg ?? 0;
  const total = Math.round((kg * PRICE_PER_TON) / 1000);
  const key = quote(marketKey('Maize'));
  await run(
    database,
    'sale of the settled lot',
    `with listing as (
       insert into commodities (owner_id, name, market_key, quantity_kg, listed_quantity_kg, price_cents, grade,
         status, listed_by_id)
       values (${at.accountId}, 'Maize', ${key}, 0, ${kg}, ${PRICE_PER_TON}, 'B', 'sold', ${at.adminId}) returning id),
     bid as (
       insert into bids (commodity_id, buyer_id, price_cents, quantity_kg, status, expires_at)
       select id, ${at.buyerId}, ${PRICE_PER_TON}, ${kg}, 'accepted', now() + interval '1 day' from listing
       returning id, commodity_id),
     trade as (
       insert into trades (commodity_id, bid_id, buyer_id, seller_id, market_key, price_cents, quantity_kg, total_cents)
       select commodity_id, id, ${at.buyerId}, ${at.accountId}, ${key}, ${PRICE_PER_TON}, ${kg}, ${total} from bid
       returning id, commodity_id),
     ord as (
       insert into orders (trade_id, commodity_id, commodity_name, grade, buyer_id, seller_id, quantity_kg,
         price_cents, total_cents, paid_cents, status, handover_code, delivered_at)
       select id, commodity_id, 'Maize', 'B', ${at.buyerId}, ${at.accountId}, ${kg}, ${PRICE_PER_TON}, ${total},
         ${total}, 'completed', '482913', now() - interval '2 days' from trade
       returning id, trade_id),
     moved as (
       insert into lot_movements (lot_id, kind, quantity_kg, trade_id, order_id, happened_on, by_id)
       select ${at.lotId}, 'sale', ${-kg}, trade_id, id, current_date - 2, ${at.adminId} from ord)
     insert into money_moves (kind, order_id, user_id, provider, reference, phone, amount_cents, currency, status,
       stage, pooled)
     select 'collection', id, ${at.buyerId}, 'mtn_momo', 'bench-coop-in-' || id, '237670000002', ${total}, 'XAF',
       'succeeded', 'done', false from ord
     union all
     select 'seller', id, ${at.accountId}, 'mtn_momo', 'bench-coop-out-' || id, null, ${total}, 'XAF', 'succeeded',
       'done', true from ord`,
    `update lots set quantity_kg = 0 where id = ${at.lotId}`,
  );
}

/** Inputs advanced to some of the settled lot's contributors (fertiliser on credit), booked as the code books them. */
async function seedCredit(
  database: Database,
  at: { groupId: number; adminId: number; m0: number },
): Promise<void> {
  await run(
    database,
    `member credit (${CREDITED})`,
    `insert into member_credits (group_id, member_id, amount, repaid, note, date, created_by)
     select ${at.groupId}, ${at.m0} + i * ${Math.floor(SETTLED_CONTRIBUTORS / CREDITED)}, 2000000, 0, 'NPK 20-10-10',
       date ${quote(SEASON_START)} - 30, ${at.adminId}
     from generate_series(0, ${CREDITED - 1}) i order by i`,
    `with e as (
       insert into coop_entries (group_id, date, memo_key, memo_data, source)
       select group_id, date, 'coop.memos.credit', jsonb_build_object('note', note), 'credit:' || id
       from member_credits where group_id = ${at.groupId} order by id
       returning id, (memo_data->>'note') as note)
     insert into coop_lines (entry_id, account, debit, credit)
     select e.id, a.account, a.debit, a.credit from e,
       (values ('member_receivables', 2000000, 0), ('cash', 0, 2000000)) a(account, debit, credit)`,
  );
}
