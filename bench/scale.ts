// Scale-out benchmark (issue 21, target 6): hot reads against one app instance, then against two instances of the
// real server (separate processes) on the same PostgreSQL, with the load spread over both; prints the ratio.
// Usage: DATABASE_URL=postgres://… npm run bench:scale -- [--scale 1] [--duration 10] [--connections 200]
//        [--runs 3] [--quota 0.3] (CPU share of each instance in the scaled-down pair; 0 to skip it)
//
// Each instance, the load generator (this process) and PostgreSQL (its postmaster and every backend) are pinned
// with `taskset`; CPU time per process is read from /proc/<pid>/stat over each measurement. Configurations:
//   one     instance A on CPU 0; load generator + PostgreSQL on CPU 1.
//   two     A on CPU 0, B on CPU 1; load generator + PostgreSQL float over both (the machine has no third core).
//   one-q   A on CPU 0 limited to --quota of a core (cgroup CFS quota); load generator + PostgreSQL on CPU 1.
//   two-q   A and B on CPU 0, each limited to --quota; load generator + PostgreSQL on CPU 1.
// one-q/two-q is the same comparison on a machine scaled down to fit: each instance has a fixed CPU budget and the
// load generator and PostgreSQL keep a whole core in both (autocannon is single-threaded and needs about as much
// CPU per request as the app, so the quota must leave it room for twice one instance's rate). The "on paper"
// figure: app CPU per request with one instance and with two, and what two cores of app would serve
// (2 / CPU per request) against one core. The cgroups (cgroup v1 cpu controller, as root) are removed at the end.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import { createSession } from '../server/auth/sessions';
import { openDatabase, rowsOf } from '../server/db/client';
import { SESSION_COOKIE } from '../server/http/access';
import { prepareDatabase } from '../server/prepare-database';
import { median } from './cli';
import { BENCH_OWNER, seedBench, seedReadExtras } from './seed';
import { freePort } from './server';

const TARGET_RATIO = 1.6;
const READS = ['/api/commodities', '/api/market/summary', '/api/posts', '/api/notifications'];
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
const ALL_CPUS = `0-${cpus().length - 1}`;
const CGROUP_CPU = '/sys/fs/cgroup/cpu';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0) {
    throw new Error(`--${name} must be a number ≥ 0`);
  }
  return value;
}

/** Generates the data if missing (as bench:api does) and returns a session cookie of the benchmark owner. */
async function prepare(scale: number, url: string): Promise<string> {
  const database = await openDatabase({ url, dataDir: join(tmpdir(), 'terroir-scale-unused') });
  try {
    await prepareDatabase(database);
    const query = async <T>(text: string) => rowsOf<T>(await database.db.execute(sql.raw(text)));
    const [owner] = await query<{ id: number }>(`select id from users where username = '${BENCH_OWNER}'`);
    if (!owner) {
      console.log(`generating scale ${scale}…`);
      await seedBench(database, scale, 1);
    }
    await seedReadExtras(database);
    const [user] = await query<{ id: number }>(`select id from users where username = '${BENCH_OWNER}'`);
    if (!user) {
      throw new Error('no generated owner');
    }
    return `${SESSION_COOKIE}=${await createSession(database.db, user.id)}`;
  } finally {
    await database.close();
  }
}

/** The postmaster's pid, when PostgreSQL runs on this machine and its data directory is readable. */
async function postmasterPid(url: string): Promise<number | null> {
  const database = await openDatabase({ url, dataDir: join(tmpdir(), 'terroir-scale-unused') });
  try {
    const [row] = rowsOf<{ dir: string }>(
      await database.db.execute(sql.raw("select current_setting('data_directory') as dir")),
    );
    const file = row ? join(row.dir, 'postmaster.pid') : '';
    const pid = existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : Number.NaN;
    return Number.isInteger(pid) && existsSync(`/proc/${pid}`) ? pid : null;
  } catch {
    return null;
  } finally {
    await database.close();
  }
}

interface Stat {
  ppid: number;
  ticks: number;
}

function stat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // Fields from the state (3rd): ppid is the 4th, utime and stime the 14th and 15th.
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** The process and its direct children (PostgreSQL: the postmaster and its backends and workers). */
function family(pid: number): number[] {
  const pids = [pid];
  for (const entry of readdirSync('/proc')) {
    const child = Number(entry);
    if (Number.isInteger(child) && stat(child)?.ppid === pid) {
      pids.push(child);
    }
  }
  return pids;
}

/** CPU ticks of each process of a group, to subtract later. */
function sample(pids: number[]): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const pid of pids) {
    const s = stat(pid);
    if (s) {
      ticks.set(pid, s.ticks);
    }
  }
  return ticks;
}

/** CPU seconds used between two samples (a process that appeared in between counts from zero). */
function cpuSeconds(before: Map<number, number>, after: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, t] of after) {
    ticks += t - (before.get(pid) ?? 0);
  }
  return ticks / CLOCK_TICKS;
}

/** Busy and stolen ticks of each CPU (from /proc/stat), to tell what else ran on the machine meanwhile. */
function machine(): { busy: number[]; steal: number[] } {
  const busy: number[] = [];
  const steal: number[] = [];
  for (const line of readFileSync('/proc/stat', 'utf8').split('\n')) {
    const match = /^cpu(\d+) (.*)$/.exec(line);
    if (match) {
      // user nice system idle iowait irq softirq steal …
      const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, stolen = 0] = (match[2] ?? '')
        .trim()
        .split(/\s+/)
        .map(Number);
      busy[Number(match[1])] = user + nice + system + irq + softirq;
      steal[Number(match[1])] = stolen;
    }
  }
  return { busy, steal };
}

function pin(pid: number, cpuList: string): void {
  const result = spawnSync('taskset', ['-a', '-p', '-c', cpuList, String(pid)], { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`taskset ${cpuList} ${pid}: ${result.stderr}`);
  }
}

/** A cgroup (v1 cpu controller) with a CFS quota, for the scaled-down pair; null when cgroups are not writable. */
class Quota {
  private constructor(readonly dir: string) {}

  static create(name: string, share: number): Quota | null {
    const dir = join(CGROUP_CPU, name);
    try {
      mkdirSync(dir);
      writeFileSync(join(dir, 'cpu.cfs_period_us'), '100000');
      writeFileSync(join(dir, 'cpu.cfs_quota_us'), String(Math.round(share * 100_000)));
      return new Quota(dir);
    } catch {
      return null;
    }
  }

  /** Moves a whole process (every thread) in or out of the group. */
  enter(pid: number): void {
    writeFileSync(join(this.dir, 'cgroup.procs'), String(pid));
  }

  static leave(pid: number): void {
    writeFileSync(join(CGROUP_CPU, 'cgroup.procs'), String(pid));
  }

  remove(): void {
    try {
      rmdirSync(this.dir);
    } catch {
      // still in use (a process that did not leave): removed with the machine's next boot
    }
  }
}

interface Instance {
  name: string;
  pid: number;
  base: string;
  stop(): Promise<void>;
}

async function startInstance(name: string, cpu: string, url: string, root: string): Promise<Instance> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    'taskset',
    ['-c', cpu, process.execPath, '--import', 'tsx', 'server/main.ts'],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: url,
        DATA_DIR: join(root, `data-${name}`),
        DEMO_DATA: 'false',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        // A bench never reaches the weather provider.
        WEATHER: 'off',
        WEB_DIST: join(root, 'no-web'),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`instance ${name} exited with ${child.exitCode}`);
    }
    if (Date.now() > deadline) {
      throw new Error(`instance ${name} did not start`);
    }
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      break;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  if (!child.pid) {
    throw new Error(`instance ${name} has no pid`);
  }
  return {
    name,
    pid: child.pid,
    base,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    },
  };
}

interface Run {
  config: string;
  reqPerSec: number;
  p99: number;
  errors: number;
  /** Cores used during the measurement (CPU seconds / wall seconds). */
  cores: { a: number; b: number; load: number; pg: number };
  /** Each CPU's busy share, and what the rest of the machine (other processes) used, in cores. */
  cpuBusy: number[];
  others: number;
  steal: number;
}

interface Config {
  name: string;
  /** The instances that take load (connections split evenly). */
  targets: Instance[];
  /** Pins and quotas for this configuration. */
  apply(): void;
  where: string;
}

/** One autocannon per instance in this process, in parallel: each connection cycles through the hot reads. */
async function load(targets: Instance[], cookie: string, connections: number, duration: number) {
  const per = Math.max(1, Math.round(connections / targets.length));
  const results: Result[] = await Promise.all(
    targets.map((t) =>
      autocannon({
        url: t.base,
        connections: per,
        duration,
        requests: READS.map((path) => ({ method: 'GET', path, headers: { cookie } })),
      }),
    ),
  );
  return {
    reqPerSec: results.reduce((n, r) => n + r.requests.total / r.duration, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0),
  };
}

async function measure(
  config: Config,
  instances: [Instance, Instance],
  pg: number | null,
  cookie: string,
  connections: number,
  duration: number,
): Promise<Run> {
  config.apply();
  await load(config.targets, cookie, connections, Math.min(2, duration)); // warm-up under the same pins
  const pgPids = pg ? family(pg) : [];
  const [a, b] = instances;
  const before = {
    a: sample([a.pid]),
    b: sample([b.pid]),
    load: sample([process.pid]),
    pg: sample(pgPids),
  };
  const whole = machine();
  const started = performance.now();
  const m = await load(config.targets, cookie, connections, duration);
  const wall = (performance.now() - started) / 1000;
  const cores = {
    a: cpuSeconds(before.a, sample([a.pid])) / wall,
    b: cpuSeconds(before.b, sample([b.pid])) / wall,
    load: cpuSeconds(before.load, sample([process.pid])) / wall,
    pg: pg ? cpuSeconds(before.pg, sample(family(pg))) / wall : Number.NaN,
  };
  const after = machine();
  const cpuBusy = after.busy.map((t, i) => (t - (whole.busy[i] ?? 0)) / CLOCK_TICKS / wall);
  const steal = after.steal.reduce((n, t, i) => n + t - (whole.steal[i] ?? 0), 0) / CLOCK_TICKS / wall;
  const ours = cores.a + cores.b + cores.load + (Number.isFinite(cores.pg) ? cores.pg : 0);
  const others = Math.max(0, cpuBusy.reduce((n, c) => n + c, 0) - ours);
  return { config: config.name, ...m, cores, cpuBusy, others, steal };
}

const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : '—');

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    throw new Error(
      'DATABASE_URL must name the PostgreSQL to use (bench:scale compares instances on one database)',
    );
  }
  if (cpus().length < 2) {
    throw new Error('needs at least 2 CPUs');
  }
  const scale = option('scale', 1);
  const duration = option('duration', 10);
  const connections = option('connections', 200);
  const runs = Math.max(1, Math.round(option('runs', 3)));
  const share = option('quota', 0.3);
  const cookie = await prepare(scale, url);
  const pg = await postmasterPid(url);
  const root = mkdtempSync(join(tmpdir(), 'terroir-scale-'));
  const tag = `terroir-scale-${process.pid}`;
  const quotas = share > 0 ? [Quota.create(`${tag}-a`, share), Quota.create(`${tag}-b`, share)] : [];
  const [qa, qb] = quotas;
  const pinLoad = (cpuList: string) => {
    pin(process.pid, cpuList);
    if (pg) {
      for (const pid of family(pg)) {
        pin(pid, cpuList);
      }
    }
  };
  const instances: Instance[] = [];
  try {
    instances.push(await startInstance('A', '0', url, root));
    instances.push(await startInstance('B', '1', url, root));
    const [a, b] = instances as [Instance, Instance];
    for (const instance of instances) {
      const res = await fetch(`${instance.base}${READS[0]}`, { headers: { cookie } });
      if (!res.ok) {
        throw new Error(`instance ${instance.name}: ${READS[0]} answered ${res.status}`);
      }
    }
    const noQuota = () => {
      if (qa && qb) {
        Quota.leave(a.pid);
        Quota.leave(b.pid);
      }
    };
    const configs: Config[] = [
      {
        name: 'one',
        targets: [a],
        where: 'A on CPU 0; load generator + PostgreSQL on CPU 1 (B idle on CPU 1)',
        apply: () => {
          noQuota();
          pin(a.pid, '0');
          pin(b.pid, '1');
          pinLoad('1');
        },
      },
      {
        name: 'two',
        targets: [a, b],
        where: `A on CPU 0, B on CPU 1; load generator + PostgreSQL on CPUs ${ALL_CPUS} (shared with the instances)`,
        apply: () => {
          noQuota();
          pin(a.pid, '0');
          pin(b.pid, '1');
          pinLoad(ALL_CPUS);
        },
      },
    ];
    if (qa && qb) {
      const q = `${fmt(share)} core`;
      configs.push(
        {
          name: 'one-q',
          targets: [a],
          where: `A on CPU 0 limited to ${q}; load generator + PostgreSQL on CPU 1 (B idle)`,
          apply: () => {
            pin(a.pid, '0');
            pin(b.pid, '0');
            qa.enter(a.pid);
            qb.enter(b.pid);
            pinLoad('1');
          },
        },
        {
          name: 'two-q',
          targets: [a, b],
          where: `A and B on CPU 0, each limited to ${q}; load generator + PostgreSQL on CPU 1`,
          apply: () => {
            pin(a.pid, '0');
            pin(b.pid, '0');
            qa.enter(a.pid);
            qb.enter(b.pid);
            pinLoad('1');
          },
        },
      );
    }

    const results = new Map<string, Run[]>(configs.map((c) => [c.name, []]));
    for (let run = 0; run < runs; run++) {
      for (const config of configs) {
        const r = await measure(config, [a, b], pg, cookie, connections, duration);
        results.get(config.name)?.push(r);
        console.log(
          `run ${run + 1} ${config.name}: ${Math.round(r.reqPerSec)} req/s, p99 ${r.p99} ms, errors ${r.errors}; ` +
            `cores A ${fmt(r.cores.a)} B ${fmt(r.cores.b)} load ${fmt(r.cores.load)} PostgreSQL ${fmt(r.cores.pg)} ` +
            `other processes ${fmt(r.others)} (CPUs busy ${r.cpuBusy.map((c) => fmt(c)).join(' / ')}, stolen ${fmt(r.steal)})`,
        );
      }
    }
    report(configs, results, { runs, duration, connections, scale, share, pg });
  } finally {
    for (const instance of instances) {
      if (quotas.length > 0) {
        try {
          Quota.leave(instance.pid);
        } catch {
          // already gone
        }
      }
      await instance.stop();
    }
    for (const quota of quotas) {
      quota?.remove();
    }
    try {
      pinLoad(ALL_CPUS);
    } catch {
      // PostgreSQL's processes may have changed; nothing to restore
    }
    rmSync(root, { recursive: true, force: true });
  }
}

interface Summary {
  reqPerSec: number;
  p99: number;
  errors: number;
  a: number;
  b: number;
  load: number;
  pg: number;
  others: number;
  /** App CPU milliseconds per request (A + B). */
  appMs: number;
  loadMs: number;
  pgMs: number;
}

function summarise(list: Run[]): Summary {
  const m = (f: (r: Run) => number) => median(list.map(f));
  return {
    reqPerSec: m((r) => r.reqPerSec),
    p99: m((r) => r.p99),
    errors: list.reduce((n, r) => n + r.errors, 0),
    a: m((r) => r.cores.a),
    b: m((r) => r.cores.b),
    load: m((r) => r.cores.load),
    pg: m((r) => r.cores.pg),
    others: m((r) => r.others),
    appMs: m((r) => ((r.cores.a + r.cores.b) / r.reqPerSec) * 1000),
    loadMs: m((r) => (r.cores.load / r.reqPerSec) * 1000),
    pgMs: m((r) => (r.cores.pg / r.reqPerSec) * 1000),
  };
}

/** Ratios of two configurations measured in the same round (interleaved), and their median. */
function paired(results: Map<string, Run[]>, over: string, under: string, f: (r: Run) => number) {
  const tops = results.get(over) ?? [];
  const bottoms = results.get(under) ?? [];
  const ratios = tops.flatMap((t, i) => {
    const b = bottoms[i];
    return b ? [f(t) / f(b)] : [];
  });
  return { ratios, median: median(ratios) };
}

function report(
  configs: Config[],
  results: Map<string, Run[]>,
  o: { runs: number; duration: number; connections: number; scale: number; share: number; pg: number | null },
): void {
  const s = new Map(configs.map((c) => [c.name, summarise(results.get(c.name) ?? [])]));
  const [one5, five] = loadavg();
  console.log(
    `\nhot reads ${READS.join(', ')} (each connection cycles through them, signed in as ${BENCH_OWNER}); ` +
      `scale ${o.scale}, ${o.connections} connections in all (split evenly between the loaded instances), ` +
      `${o.duration} s × ${o.runs}, configurations interleaved (medians; ratios are medians of each round's ratio); ` +
      `${cpus().length} CPUs, load average ${fmt(one5 ?? 0)} / ${fmt(five ?? 0)}; instances: two processes of ` +
      `server/main.ts on one PostgreSQL; load generator: autocannon in this process; PostgreSQL: ` +
      (o.pg
        ? `postmaster ${o.pg} and its children pinned`
        : 'not on this machine (not pinned, CPU not measured)'),
  );
  console.log(
    '\n| configuration | pinned | req/s | p99 ms | errors | cores A | cores B | cores load gen | cores PostgreSQL | ' +
      'cores other processes | app CPU ms/req | load gen ms/req | PostgreSQL ms/req |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const c of configs) {
    const r = s.get(c.name);
    if (r) {
      console.log(
        `| ${c.name} | ${c.where} | ${Math.round(r.reqPerSec)} | ${r.p99} | ${r.errors} | ${fmt(r.a)} | ${fmt(r.b)} | ` +
          `${fmt(r.load)} | ${fmt(r.pg)} | ${fmt(r.others)} | ${fmt(r.appMs, 3)} | ${fmt(r.loadMs, 3)} | ${fmt(r.pgMs, 3)} |`,
      );
    }
  }
  const one = s.get('one');
  const two = s.get('two');
  if (!one || !two) {
    return;
  }
  const verdict = (ratio: number) => (ratio >= TARGET_RATIO ? 'met' : 'MISSED');
  const list = (ratios: number[]) => ratios.map((r) => fmt(r)).join(', ');
  const throughput = (r: Run) => r.reqPerSec;
  const full = paired(results, 'two', 'one', throughput);
  const measured = full.median;
  console.log(
    `\nmeasured, a core per instance: two ${Math.round(two.reqPerSec)} / one ${Math.round(one.reqPerSec)} req/s; ` +
      `ratio ${fmt(measured)}× (rounds: ${list(full.ratios)}) (target ≥ ${TARGET_RATIO}×: ${verdict(measured)})`,
  );
  if (measured < TARGET_RATIO) {
    const used = two.a + two.b + two.load + two.pg + two.others;
    console.log(
      `  why: two instances on this machine's ${cpus().length} cores share them with the load generator and PostgreSQL ` +
        `(no third core to pin them apart): A ${fmt(two.a)} + B ${fmt(two.b)} + load generator ${fmt(two.load)} + ` +
        `PostgreSQL ${fmt(two.pg)} + other processes ${fmt(two.others)} = ${fmt(used)} cores busy. With one instance ` +
        `the load generator and PostgreSQL took ${fmt(one.load + one.pg)} core (${fmt(one.loadMs + one.pgMs, 3)} ms ` +
        `CPU per request, about what the app itself takes: ${fmt(one.appMs, 3)} ms), so twice the throughput needs ` +
        `about ${fmt(2 * (one.a + one.load + one.pg))} cores.` +
        (one.a < 0.9 && one.load + one.pg >= 0.9
          ? ` Even one instance (${fmt(one.a)} of CPU 0) was held back by the load generator, which filled CPU 1.`
          : ''),
    );
  }
  const oneQ = s.get('one-q');
  const twoQ = s.get('two-q');
  let scaled = Number.NaN;
  if (oneQ && twoQ) {
    const q = paired(results, 'two-q', 'one-q', throughput);
    scaled = q.median;
    console.log(
      `measured, ${fmt(o.share)} core per instance (the load generator and PostgreSQL keep CPU 1 in both): two ` +
        `${Math.round(twoQ.reqPerSec)} / one ${Math.round(oneQ.reqPerSec)} req/s; ratio ${fmt(scaled)}× ` +
        `(rounds: ${list(q.ratios)}) (target: ${verdict(scaled)}); with two instances the load generator and ` +
        `PostgreSQL used ${fmt(twoQ.load + twoQ.pg)} of CPU 1, the instances ${fmt(twoQ.a + twoQ.b)} of CPU 0`,
    );
    if (oneQ.a < 0.9 * o.share) {
      console.log(
        `  (one instance did not use its whole ${fmt(o.share)} core: it was not what limited that run)`,
      );
    }
    if (twoQ.load + twoQ.pg >= 0.9) {
      console.log(
        '  (the load generator saturated CPU 1 with two instances, so this ratio is capped by it: lower --quota)',
      );
    }
  }
  // On paper: an instance serves 1 / (app CPU per request) per core of its own; two instances on their own cores,
  // with the load generator and PostgreSQL on other cores, serve 2 / (app CPU per request with two instances).
  // The two-instance cost is taken where the load generator was pinned apart (two-q) when that ran: in `two` the
  // instances share their cores with it, which raises their CPU per request (shown as the pessimistic figure).
  const appCost = (r: Run) => (r.cores.a + r.cores.b) / r.reqPerSec;
  const apart = twoQ ? 'two-q' : 'two';
  const twoApart = s.get(apart) ?? two;
  const cost = paired(results, 'one', apart, appCost);
  const paper = 2 * cost.median;
  const shared = twoQ ? 2 * paired(results, 'one', 'two', appCost).median : paper;
  const perCoreOne = 1000 / one.appMs;
  const perCoreTwo = 1000 / twoApart.appMs;
  const otherCores = (2 * perCoreTwo * (one.loadMs + twoApart.pgMs)) / 1000;
  console.log(
    `on paper: one instance serves ${Math.round(perCoreOne)} req/s per core of its own (${fmt(one.appMs, 3)} ms ` +
      `CPU per request, config one), each of two ${Math.round(perCoreTwo)} (${fmt(twoApart.appMs, 3)} ms, config ` +
      `${apart}); PostgreSQL takes ${fmt(twoApart.pgMs, 3)} ms per request (these reads are served from the ` +
      `instances' caches; the instances share nothing else), so with a core each two instances serve ` +
      `2 × ${fmt(one.appMs, 3)} / ${fmt(twoApart.appMs, 3)} = ${fmt(paper)}× (rounds: ` +
      `${list(cost.ratios.map((r) => 2 * r))}) (target: ${verdict(paper)}), given ${fmt(otherCores)} more cores ` +
      `for the load generator (${fmt(one.loadMs, 3)} ms per request) and PostgreSQL` +
      (twoQ
        ? `; with the CPU per request of two (${fmt(two.appMs, 3)} ms, the instances sharing their cores with the ` +
          `load generator) ${fmt(shared)}× (${verdict(shared)})`
        : ''),
  );
  const shown = measured >= TARGET_RATIO ? measured : scaled >= TARGET_RATIO ? scaled : null;
  console.log(
    `\nissue 21 target 6 (two instances ≥ ${TARGET_RATIO}× one's read throughput): ${
      shown === measured
        ? `met, ${fmt(measured)}× with a core per instance`
        : shown !== null
          ? `met with the load generator pinned apart (${fmt(o.share)} core per instance): ${fmt(scaled)}×; ` +
            `a core per instance ${fmt(measured)}× (this machine has no core left for the load generator), ` +
            `on paper ${fmt(paper)}×`
          : `MISSED on this machine (${fmt(measured)}× a core per instance` +
            `${Number.isFinite(scaled) ? `, ${fmt(scaled)}× at ${fmt(o.share)} core each` : ''}); on paper ` +
            `${fmt(paper)}× (${verdict(paper)})`
    }`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
