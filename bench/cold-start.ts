// Cold start (DESIGN §8: ≤ 3 s): `npm start`'s own entry (scripts/start.mjs) on an existing embedded database, from
// process spawn to the first request served: a signed-in GET /api/commodities answered 200 from the database.
// The database is made once by a first start with demo data; the web build must be current (`npm run build`),
// otherwise the first start rebuilds it and later ones find it fresh.
// Usage: npm run bench:cold [-- --runs 5]
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, signIn, waitForOk } from './server';

const BUDGET_MS = 3000;
const runsIndex = process.argv.indexOf('--runs');
const RUNS = runsIndex >= 0 ? Number(process.argv[runsIndex + 1]) : 5;

interface Started {
  child: ChildProcess;
  url: string;
}

function start(dataDir: string, port: number): Started {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // A bench never reaches the weather provider.
      WEATHER: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

async function stop(started: Started): Promise<void> {
  started.child.kill('SIGTERM');
  await new Promise((r) => started.child.once('exit', r));
}

const root = mkdtempSync(join(tmpdir(), 'terroir-cold-'));
const dataDir = join(root, 'db');
try {
  // First start: migrations and demo data; keep a session (it lives in the database).
  const first = start(dataDir, await freePort());
  await waitForOk(first.child, `${first.url}/api/health`, { everyMs: 10 });
  const cookie = await signIn(first.url, 'amina', 'terroir-demo');
  await stop(first);

  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const since = performance.now();
    const started = start(dataDir, await freePort());
    await waitForOk(started.child, `${started.url}/api/commodities?limit=20`, {
      headers: { cookie },
      everyMs: 10,
    });
    times.push(performance.now() - since);
    await stop(started);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  console.log(`runs (ms): ${times.map((t) => Math.round(t)).join(', ')}`);
  console.log(
    `cold start to first signed-in GET /api/commodities: median ${Math.round(median)} ms ` +
      `(budget ${BUDGET_MS} ms: ${median <= BUDGET_MS ? 'met' : 'MISSED'}); load average ${loadavg()[0]?.toFixed(2)}`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
