// Rows and bytes of every table (heap, indexes, TOAST) and the bytes a row costs, for docs/scaling.md.
// Usage: DATABASE_URL=… (or DATA_DIR=…) npm run bench:sizes [-- --markdown], after bench:seed or on demo data.
// Small tables occupy whole 8 KB pages, so their measured bytes per row say nothing; the estimate builds a row from
// its average width instead: heap = the row (pg_column_size, tuple header included) + its 4-byte line pointer; each
// B-tree entry = an 8-byte index tuple header + the key columns, 8-byte aligned, + a line pointer, at the 90 % leaf
// fill PostgreSQL's B-tree leaves pages with (a partial index counts only the rows its predicate keeps).
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';

/** Below this many rows the measured bytes per row are page granularity, not rows: only the estimate is shown. */
const MEASURED_FROM_ROWS = 1_000;
const LINE_POINTER = 4;
const INDEX_TUPLE_HEADER = 8;
const BTREE_LEAF_FILL = 0.9;

interface TableRow {
  name: string;
  heap: number;
  indexes: number;
  toast: number;
  total: number;
}

interface IndexRow {
  table: string;
  name: string;
  columns: string[];
  predicate: string | null;
}

interface Sized extends TableRow {
  rows: number;
  estimate: number;
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

const align8 = (n: number) => Math.ceil(n / 8) * 8;
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function tables(query: Query): Promise<TableRow[]> {
  const rows = await query(`select c.relname as name, pg_relation_size(c.oid)::float8 as heap,
      pg_indexes_size(c.oid)::float8 as indexes,
      coalesce(pg_total_relation_size(nullif(c.reltoastrelid, 0)), 0)::float8 as toast,
      pg_total_relation_size(c.oid)::float8 as total
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' and c.relname not like '\\_\\_%'`);
  return rows.map((r) => ({
    name: String(r.name),
    heap: Number(r.heap),
    indexes: Number(r.indexes),
    toast: Number(r.toast),
    total: Number(r.total),
  }));
}

async function indexes(query: Query): Promise<IndexRow[]> {
  const rows =
    await query(`select t.relname as tbl, ic.relname as idx, pg_get_expr(i.indpred, i.indrelid) as pred,
      array(select a.attname::text from unnest(i.indkey) with ordinality k(num, ord)
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.num order by k.ord) as cols
    from pg_index i join pg_class ic on ic.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
    join pg_namespace n on n.oid = t.relnamespace where n.nspname = 'public'`);
  return rows.map((r) => ({
    table: String(r.tbl),
    name: String(r.idx),
    columns: (r.cols as string[]) ?? [],
    predicate: r.pred === null ? null : String(r.pred),
  }));
}

/** Rows, and the estimated bytes of one row with its index entries (from average widths). */
async function estimate(
  query: Query,
  table: string,
  own: IndexRow[],
): Promise<{ rows: number; bytes: number }> {
  const parts = own.map((index, i) => {
    const key = index.columns.map((c) => `coalesce(pg_column_size(${ident(c)}), 0)`).join(' + ') || '0';
    const keep = index.predicate ?? 'true';
    return `avg(${key}) filter (where ${keep})::float8 as w${i}, count(*) filter (where ${keep})::float8 as n${i}`;
  });
  const select = [
    'count(*)::float8 as rows',
    'coalesce(avg(pg_column_size(t.*)), 0)::float8 as width',
    ...parts,
  ];
  const [r = {}] = await query(`select ${select.join(', ')} from ${ident(table)} t`);
  const rows = Number(r.rows ?? 0);
  let bytes = rows > 0 ? align8(Number(r.width)) + LINE_POINTER : 0;
  own.forEach((_, i) => {
    const kept = Number(r[`n${i}`] ?? 0);
    if (rows > 0 && kept > 0) {
      const entry = align8(INDEX_TUPLE_HEADER + Number(r[`w${i}`] ?? 0)) + LINE_POINTER;
      bytes += ((kept / rows) * entry) / BTREE_LEAF_FILL;
    }
  });
  return { rows, bytes: Math.round(bytes) };
}

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) {
    return `${(n / 1024 / 1024).toFixed(1)} MB`;
  }
  return n >= 1024 ? `${(n / 1024).toFixed(0)} KB` : `${n} B`;
}

function print(sized: Sized[], markdown: boolean): void {
  const lines = sized.map((t) => ({
    table: t.name,
    rows: t.rows,
    heap: formatBytes(t.heap),
    indexes: formatBytes(t.indexes),
    toast: formatBytes(t.toast),
    total: formatBytes(t.total),
    'B/row measured': t.rows >= MEASURED_FROM_ROWS ? Math.round(t.total / t.rows) : '',
    'B/row estimated': t.rows > 0 ? t.estimate : '',
  }));
  if (!markdown) {
    console.table(lines);
    return;
  }
  const heads = Object.keys(lines[0] ?? {});
  console.log(`| ${heads.join(' | ')} |\n| ${heads.map(() => '---').join(' | ')} |`);
  for (const line of lines) {
    console.log(`| ${Object.values(line).join(' | ')} |`);
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const query: Query = async (text) =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;
  const allIndexes = await indexes(query);
  const sized: Sized[] = [];
  for (const table of await tables(query)) {
    const own = allIndexes.filter((i) => i.table === table.name);
    const { rows, bytes } = await estimate(query, table.name, own);
    sized.push({ ...table, rows, estimate: bytes });
  }
  sized.sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
  print(sized, process.argv.includes('--markdown'));
  const sum = sized.reduce((n, t) => n + t.total, 0);
  console.log(`${sized.length} tables, ${formatBytes(sum)} in all (${database.kind})`);
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
