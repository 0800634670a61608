// EXPLAINs the hot list and filter queries on generated data and flags any sequential scan of a large table.
// Usage: DATA_DIR=… (or DATABASE_URL=…) npm run bench:explain, after npm run bench:seed.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';

interface Row {
  [column: string]: unknown;
}

/** Mirrors of the repositories' queries, with ids taken from the generated data. */
const QUERIES: Record<string, string> = {
  'feed page': `select p.*, u.username from posts p join users u on u.id = p.author_id order by p.id desc limit 21`,
  'feed next page': `select p.*, u.username from posts p join users u on u.id = p.author_id
    where p.id < (select max(id) - 500 from posts) order by p.id desc limit 21`,
  'feed comments': `select c.*, u.username from comments c join users u on u.id = c.author_id
    where c.post_id in (select id from posts order by id desc limit 20) order by c.id`,
  'feed reactions': `select post_id, user_id, type from reactions where post_id in (select id from posts order by id desc limit 20)`,
  'posts by author': `select count(*) from posts where author_id = (select min(id) from users)`,
  'listings page': `select * from commodities where status = 'available' order by id desc limit 21`,
  'my listings': `select * from commodities where owner_id = (select min(owner_id) from commodities) order by id desc limit 21`,
  'listings by market': `select * from commodities where market_key = (select min(market_key) from commodities)`,
  'bids on a listing': `select * from bids where commodity_id = (select min(commodity_id) from bids) and status = 'pending'`,
  'my bids': `select * from bids where buyer_id = (select min(buyer_id) from bids) order by id desc limit 50`,
  'expired pending bids': `select id from bids where status = 'pending' and expires_at < now()`,
  'session by token': `select s.id from sessions s join users u on u.id = s.user_id where s.token_hash = 'x'`,
  'farm transactions': `select * from finance_transactions where farm_id = (select min(farm_id) from finance_transactions)
    order by date desc, id desc limit 50`,
  'farm ledger': `select e.*, l.* from journal_entries e join journal_lines l on l.entry_id = e.id
    where e.farm_id = (select min(farm_id) from journal_entries) order by e.id, l.id`,
  'farm account totals': `select l.account, sum(l.debit_cents - l.credit_cents)::bigint from journal_entries e
    join journal_lines l on l.entry_id = e.id
    where e.farm_id = (select min(farm_id) from journal_entries) and e.date <= current_date group by l.account`,
  'sensor window': `select * from sensor_readings where farm_id = (select min(farm_id) from sensor_readings)
    and type = 'temperature' and ts >= now() - interval '30 days' order by ts`,
  'farm analytics': `select * from farm_analytics where farm_id = 1 order by created_at desc limit 20`,
  'trades by market': `select * from trades where market_key = 'MAIZE' order by created_at`,
};

const LARGE_TABLE_ROWS = 5_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const rows = async (text: string) =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: Row[] }).rows;
  const sizes = new Map<string, number>();
  for (const r of await rows(`select relname, n_live_tup::int as n from pg_stat_user_tables`)) {
    sizes.set(String(r.relname), Number(r.n));
  }
  const report: Record<string, string | number>[] = [];
  for (const [name, query] of Object.entries(QUERIES)) {
    const plan = (await rows(`explain ${query}`)).map((r) => String(Object.values(r)[0])).join('\n');
    const seqScans = [...plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1] ?? '');
    const large = seqScans.filter((table) => (sizes.get(table) ?? 0) >= LARGE_TABLE_ROWS);
    const started = performance.now();
    await rows(query);
    report.push({
      query: name,
      'ms (one run)': Math.round((performance.now() - started) * 10) / 10,
      'seq scans of large tables': large.length > 0 ? large.join(', ') : 'none',
    });
    if (process.argv.includes('--plans')) {
      console.log(`-- ${name}\n${plan}\n`);
    }
  }
  console.table(report);
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
