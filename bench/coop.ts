// A co-operative's season (issue 37, target 3): 2,000 members, 50,000 intakes, 40 bulk lots. Measures (a) intakes
// at one store by 3 keepers through POST /api/groups/:id/intakes, against the 500 an hour a busy store needs; (b) a
// settlement of one lot of 800 contributors computed and approved through the real routes (≤ 2 s), its 800 payouts
// checked to be queued in one transaction (their rows' xmin); (c) a member's statement at 200 connections (p99 ≤
// 50 ms), against a bare route answering the same bytes.
// Usage: npm run bench:coop -- [--duration 10] [--connections 200] [--runs 1] [--data-dir DIR] [--cpu-prof DIR]
// (DATABASE_URL set: runs on that PostgreSQL; each run adds its own co-operative, as a sale is shared out once.)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type RequestContext, type RequestParams, type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import { createSession } from '../server/auth/sessions';
import { openDatabase } from '../server/db/client';
import { SESSION_COOKIE } from '../server/http/access';
import { prepareDatabase } from '../server/prepare-database';
import { type Measure, option, summarise, textOption } from './cli';
import { COOP_MEMBERS, type CoopFixture, SETTLED_CONTRIBUTORS, seedCoop } from './coop-seed';
import { startAppAndBare } from './server';

/** What a busy store records in an hour after harvest (issue 37), and how far above it "far from the limit" is. */
const INTAKES_PER_HOUR_NEED = 500;
const HEADROOM_TARGET = 10;
const KEEPERS = 3;
const SETTLEMENT_TARGET_MS = 2_000;
const STATEMENT_P99_TARGET_MS = 50;
/** Members whose statements are read (one per connection at 200 connections). */
const READERS = 200;

interface Prepared {
  coop: CoopFixture;
  adminCookie: string;
  keeperCookies: string[];
  readerCookies: string[];
  url: string | undefined;
  dataDir: string;
}

async function prepare(url: string | undefined, dataDir: string): Promise<Prepared> {
  const database = await openDatabase({ url, dataDir });
  await prepareDatabase(database);
  const [done] = (
    (await database.db.execute(
      sql`select count(*)::int as n from users where username like 'coopbench%-admin'`,
    )) as unknown as { rows: { n: number }[] }
  ).rows;
  const prefix = `coopbench${done?.n ?? 0}`;
  const started = performance.now();
  console.log(`generating ${prefix} on ${database.kind}…`);
  const coop = await seedCoop(database, prefix);
  console.log(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const cookie = async (userId: number) => `${SESSION_COOKIE}=${await createSession(database.db, userId)}`;
  const prepared = {
    coop,
    adminCookie: await cookie(coop.adminId),
    keeperCookies: await Promise.all(coop.keeperIds.map(cookie)),
    readerCookies: await Promise.all(coop.contributorIds.slice(0, READERS).map(cookie)),
    url,
    dataDir,
  };
  await database.close();
  return prepared;
}

/** Each connection keeps its own user: a keeper, a member. */
function perConnection<T>(items: readonly T[]) {
  let next = 0;
  return (context: RequestContext): T => {
    if (context.item === undefined) {
      context.item = items[next++ % items.length];
    }
    return context.item as T;
  };
}

interface Row {
  measure: string;
  figure: string;
  target: string;
  verdict: string;
}

const verdict = (why: string[]) => (why.length === 0 ? 'target met' : `target missed (${why.join(', ')})`);

// ---- (a) Intakes at one store

async function intakes(base: string, p: Prepared, duration: number): Promise<Row> {
  const keeper = perConnection(p.keeperCookies);
  const m0 = p.coop.contributorIds[0] ?? 0;
  let n = 0;
  const options = (seconds: number) => ({
    url: base,
    connections: KEEPERS,
    duration: seconds,
    requests: [
      {
        path: `/api/groups/${p.coop.groupId}/intakes`,
        setupRequest: (request: RequestParams, context: RequestContext) => {
          const i = n++;
          const bags = 1 + (i % 20);
          return {
            ...request,
            method: 'POST' as const,
            path: `/api/groups/${p.coop.groupId}/intakes`,
            headers: { cookie: keeper(context), origin: base, 'content-type': 'application/json' },
            body: JSON.stringify({
              memberId: m0 + ((i * 7) % COOP_MEMBERS),
              crop: 'Maize',
              grade: 'A',
              moisture: 12 + (i % 30) / 10,
              quantity: (bags * 50 + (i % 7)) / 1000,
              bags,
              storeId: p.coop.storeId,
            }),
          };
        },
      },
    ],
  });
  await autocannon(options(1));
  const m = summarise([await autocannon(options(duration))]);
  const perHour = m.reqPerSec * 3600;
  const headroom = perHour / INTAKES_PER_HOUR_NEED;
  const why = [
    ...(headroom < HEADROOM_TARGET ? [`headroom < ${HEADROOM_TARGET}×`] : []),
    ...(m.errors > 0 ? [`${m.errors} errors`] : []),
  ];
  return {
    measure: `(a) intakes at one store, ${KEEPERS} keepers (POST /api/groups/:id/intakes)`,
    figure: `${Math.round(perHour).toLocaleString('en')}/h (${m.reqPerSec.toFixed(1)}/s, p50 ${m.p50} ms, p99 ${m.p99} ms): ${headroom.toFixed(0)}× the need`,
    target: `≥ ${HEADROOM_TARGET} × ${INTAKES_PER_HOUR_NEED}/h`,
    verdict: verdict(why),
  };
}

// ---- (b) A settlement of one lot of 800 contributors

async function settlement(base: string, p: Prepared): Promise<{ row: Row; id: number }> {
  const headers = { cookie: p.adminCookie, origin: base, 'content-type': 'application/json' };
  const post = async (path: string, body?: unknown) => {
    const started = performance.now();
    const res = await fetch(`${base}/api/groups/${p.coop.groupId}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body ?? {}),
    });
    const answer = (await res.json()) as { id: number; shares: unknown[]; status: string };
    if (!res.ok) {
      throw new Error(`${path}: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
    }
    return { answer, ms: performance.now() - started };
  };
  const draft = await post('/settlements', { lotIds: [p.coop.settledLotId] });
  const approved = await post(`/settlements/${draft.answer.id}/approve`);
  const total = draft.ms + approved.ms;
  const why = [
    ...(total > SETTLEMENT_TARGET_MS ? [`> ${SETTLEMENT_TARGET_MS} ms`] : []),
    ...(approved.answer.shares.length !== SETTLED_CONTRIBUTORS
      ? [`${approved.answer.shares.length} shares`]
      : []),
  ];
  return {
    id: draft.answer.id,
    row: {
      measure: `(b) settlement of one lot, ${approved.answer.shares.length} contributors (draft + approve)`,
      figure: `${Math.round(total)} ms (draft ${Math.round(draft.ms)} ms, approve ${Math.round(approved.ms)} ms)`,
      target: `≤ ${SETTLEMENT_TARGET_MS} ms`,
      verdict: verdict(why),
    },
  };
}

/** After the server stopped: the settlement's payouts, and in how many transactions they were written (xmin). */
async function payoutsQueued(p: Prepared, settlementId: number): Promise<Row> {
  const database = await openDatabase({ url: p.url, dataDir: p.dataDir });
  const [row] = (
    (await database.db.execute(
      sql`select count(*)::int as shares, count(*) filter (where sh.net > 0)::int as owed, count(m.id)::int as moves, count(distinct m.xmin::text)::int as xids,
            count(*) filter (where m.xmin::text = s.xmin::text)::int as with_approval
          from settlement_shares sh join settlements s on s.id = sh.settlement_id
            left join money_moves m on m.id = sh.move_id
          where sh.settlement_id = ${settlementId}`,
    )) as unknown as {
      rows: { shares: number; owed: number; moves: number; xids: number; with_approval: number }[];
    }
  ).rows;
  await database.close();
  const { shares = 0, owed = 0, moves = 0, xids = 0, with_approval = 0 } = row ?? {};
  const why = [
    ...(shares !== SETTLED_CONTRIBUTORS ? [`${shares} shares`] : []),
    ...(moves !== owed || moves === 0 ? [`${moves} payouts for ${owed} shares owed money`] : []),
    ...(xids !== 1 || with_approval !== moves ? [`${xids} transactions`] : []),
  ];
  return {
    measure: '(b) its payouts queued in one transaction (money_moves.xmin)',
    figure:
      `${moves} payouts for the ${owed} of ${shares} shares with money owed (the rest went to input credit), ` +
      `written by ${xids} transaction(s), ${with_approval} by the approval's`,
    target: 'every payout in 1',
    verdict: verdict(why),
  };
}

// ---- (c) A member's statement

async function statement(
  base: string,
  bare: string,
  p: Prepared,
  load: { connections: number; duration: number; runs: number },
): Promise<Row> {
  const path = `/api/groups/${p.coop.groupId}/statement`;
  const first = await fetch(`${base}${path}`, { headers: { cookie: p.readerCookies[0] ?? '' } });
  const bytes = Buffer.from(await first.arrayBuffer()).length;
  if (!first.ok) {
    throw new Error(`${path}: ${first.status}`);
  }
  const reader = perConnection(p.readerCookies);
  const options = (duration: number) => ({
    url: `${base}${path}`,
    connections: load.connections,
    duration,
    requests: [
      {
        path,
        setupRequest: (request: RequestParams, context: RequestContext) => ({
          ...request,
          headers: { cookie: reader(context) },
        }),
      },
    ],
  });
  await autocannon(options(Math.min(2, load.duration)));
  const measured: Result[] = [];
  const limits: Result[] = [];
  for (let run = 0; run < load.runs; run++) {
    limits.push(
      await autocannon({
        url: `${bare}/bare/${bytes}`,
        connections: load.connections,
        duration: load.duration,
      }),
    );
    measured.push(await autocannon(options(load.duration)));
  }
  const m: Measure = summarise(measured);
  const limit = summarise(limits);
  const ratio = m.reqPerSec / limit.reqPerSec;
  const why = [
    ...(m.p99 > STATEMENT_P99_TARGET_MS ? [`p99 > ${STATEMENT_P99_TARGET_MS} ms`] : []),
    ...(m.errors > 0 ? [`${m.errors} errors`] : []),
    ...(m.reqPerSec === 0 ? ['no answer'] : []),
  ];
  return {
    measure: `(c) a member's statement (GET /api/groups/:id/statement, ${bytes} B), ${load.connections} connections`,
    figure:
      `${Math.round(m.reqPerSec)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms; bare ${Math.round(limit.reqPerSec)} ` +
      `req/s (p99 ${limit.p99} ms): ${(ratio * 100).toFixed(1)} % of bare`,
    target: `p99 ≤ ${STATEMENT_P99_TARGET_MS} ms`,
    verdict: verdict(why),
  };
}

async function main(): Promise<void> {
  const duration = option('duration', 10);
  const connections = option('connections', 200);
  const runs = option('runs', 1);
  const url = process.env.DATABASE_URL || undefined;
  const root = mkdtempSync(join(tmpdir(), 'terroir-coop-bench-'));
  const dataDir = textOption('data-dir') ?? join(root, 'db');
  const profileDir = textOption('cpu-prof');
  const prepared = await prepare(url, dataDir);
  const { base, bare, stop } = await startAppAndBare({
    entry: 'server/main.ts',
    root,
    dataDir,
    url,
    profileDir,
  });
  const rows: Row[] = [];
  let settlementId = 0;
  try {
    rows.push(await intakes(base, prepared, duration));
    console.log(rows.at(-1)?.figure);
    const settled = await settlement(base, prepared);
    settlementId = settled.id;
    rows.push(settled.row);
    console.log(settled.row.figure);
    rows.push(await statement(base, bare, prepared, { connections, duration, runs }));
    console.log(rows.at(-1)?.figure);
  } finally {
    await stop();
  }
  try {
    if (settlementId > 0) {
      rows.splice(2, 0, await payoutsQueued(prepared, settlementId));
    }
    const [one, five] = loadavg();
    console.log(
      `\nco-operative of ${COOP_MEMBERS} members on ${url ? 'PostgreSQL' : 'PGlite'}, ${duration} s × ${runs}, ` +
        `load average ${one?.toFixed(2)} / ${five?.toFixed(2)}`,
    );
    const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
    console.log(
      [
        line(['measure', 'figure', 'target', 'verdict']),
        line(['---', '---', '---', '---']),
        ...rows.map((r) => line([r.measure, r.figure, r.target, r.verdict])),
      ].join('\n'),
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
