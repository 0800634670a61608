// Farm pages under load: GET /api/farms/:id/analytics and /financials of the farm with a year of hourly readings,
// each against a bare Fastify route answering the same number of bytes (issue 21: ≥ 25 % of it, p99 ≤ 100 ms).
// Usage: npm run bench:farms -- [--scale 0.1] [--duration 10] [--connections 200] [--runs 3] [--data-dir DIR]
//        [--cpu-prof DIR] (profile the server). DATABASE_URL set: runs on that PostgreSQL (data kept and reused).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon, { type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import { createSession } from '../server/auth/sessions';
import { openDatabase } from '../server/db/client';
import { SESSION_COOKIE } from '../server/http/access';
import { prepareDatabase } from '../server/prepare-database';
import { type Measure, option, summarise, textOption } from './cli';
import { BENCH_OWNER, seedBench } from './seed';
import { startAppAndBare } from './server';

const RATIO_TARGET = 0.25;
const P99_TARGET_MS = 100;
const ANALYTICS_GZIP_TARGET = 30 * 1024;

/** Generates (or reuses) the data; a session for the owner of the farm with a year of hourly readings. */
async function prepare(scale: number, url: string | undefined, dataDir: string) {
  const database = await openDatabase({ url, dataDir });
  await prepareDatabase(database);
  const query = async <T>(text: string) =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  const owned = async () =>
    query<{ user_id: number; farm_id: number }>(
      `select f.owner_id as user_id, f.id as farm_id from farms f join users u on u.id = f.owner_id
       where u.username = '${BENCH_OWNER}' order by f.id limit 1`,
    );
  if ((await owned()).length === 0) {
    console.log(`generating scale ${scale} on ${database.kind}…`);
    await seedBench(database, scale, 1);
  }
  const [first] = await owned();
  if (!first) {
    throw new Error('no generated farm');
  }
  const cookie = `${SESSION_COOKIE}=${await createSession(database.db, first.user_id)}`;
  await database.close();
  return { cookie, farmId: first.farm_id };
}

function verdict(m: Measure, ratio: number, gzipBytes: number | null): string {
  const why: string[] = [];
  if (ratio < RATIO_TARGET) {
    why.push(`ratio < ${RATIO_TARGET * 100} %`);
  }
  if (m.p99 > P99_TARGET_MS) {
    why.push(`p99 > ${P99_TARGET_MS} ms`);
  }
  if (gzipBytes !== null && gzipBytes > ANALYTICS_GZIP_TARGET) {
    why.push('gzip > 30 KB');
  }
  if (m.errors > 0) {
    why.push(`${m.errors} errors`);
  }
  return why.length === 0 ? 'target met' : `target missed (${why.join(', ')})`;
}

async function main(): Promise<void> {
  const scale = option('scale', 0.1);
  const duration = option('duration', 10);
  const connections = option('connections', 200);
  const runs = option('runs', 3);
  const url = process.env.DATABASE_URL || undefined;
  const root = mkdtempSync(join(tmpdir(), 'terroir-farm-bench-'));
  const dataDir = textOption('data-dir') ?? join(root, 'db');
  const profileDir = textOption('cpu-prof');
  const { cookie, farmId } = await prepare(scale, url, dataDir);

  const { base, bare, stop } = await startAppAndBare({
    entry: 'server/main.ts',
    root,
    dataDir,
    url,
    profileDir,
  });

  try {
    // Stored analyses to list (one of each type), as bench:api makes them.
    for (const type of ['yield_prediction', 'resource_optimization', 'pest_risk']) {
      await fetch(`${base}/api/farms/${farmId}/analytics/generate`, {
        method: 'POST',
        headers: { cookie, origin: base, 'content-type': 'application/json' },
        body: JSON.stringify({ type }),
      });
    }
    const rows: Record<string, string | number>[] = [];
    for (const page of ['analytics', 'financials']) {
      const path = `/api/farms/${farmId}/${page}`;
      const res = await fetch(`${base}${path}`, { headers: { cookie } });
      const body = Buffer.from(await res.arrayBuffer());
      if (!res.ok) {
        throw new Error(`${path}: ${res.status} ${body.toString().slice(0, 200)}`);
      }
      const gzipBytes = page === 'analytics' ? gzipSync(body).length : null;
      const options = { url: `${base}${path}`, connections, duration, headers: { cookie } };
      // Warm-up: caches filled, JIT warm, connections open.
      await autocannon({ ...options, duration: Math.min(2, duration) });
      const measured: Result[] = [];
      const limits: Result[] = [];
      for (let run = 0; run < runs; run++) {
        limits.push(await autocannon({ url: `${bare}/bare/${body.length}`, connections, duration }));
        measured.push(await autocannon(options));
      }
      const m = summarise(measured);
      const limit = summarise(limits);
      const ratio = m.reqPerSec / limit.reqPerSec;
      rows.push({
        route: `GET /api/farms/:id/${page}`,
        bytes: body.length,
        'gzip bytes': gzipBytes ?? '',
        'req/s': Math.round(m.reqPerSec),
        'p50 ms': m.p50,
        'p99 ms': m.p99,
        'bare req/s': Math.round(limit.reqPerSec),
        ratio: `${(ratio * 100).toFixed(1)} %`,
        verdict: verdict(m, ratio, gzipBytes),
      });
      console.log(`${page}: ${Math.round(m.reqPerSec)} req/s, p99 ${m.p99} ms`);
    }
    const [one, five] = loadavg();
    console.log(
      `\nscale ${scale} on ${url ? 'PostgreSQL' : 'PGlite'}, ${connections} connections, ${duration} s × ${runs} ` +
        `(median), load average ${one?.toFixed(2)} / ${five?.toFixed(2)}; target: ≥ ${RATIO_TARGET * 100} % of ` +
        `bare, p99 ≤ ${P99_TARGET_MS} ms, analytics ≤ 30 KB gzip`,
    );
    const head = Object.keys(rows[0] ?? {});
    const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
    console.log(
      [line(head), line(head.map(() => '---')), ...rows.map((r) => line(head.map((h) => r[h] ?? '')))].join(
        '\n',
      ),
    );
  } finally {
    await stop();
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
