// Crash durability: every write the server acknowledged is still there after a SIGKILL and a restart, and a keyed
// write cut off by one is neither lost nor stuck nor applied twice when its key is sent again.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const postgresUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const onPostgres = postgresUrl !== undefined;
/** Kill-and-restart cycles: 2 in npm test, more in test:stress. */
const CYCLES = Number(process.env.CRASH_CYCLES ?? 2);
const root = mkdtempSync(join(tmpdir(), 'terroir-crash-'));
/** The server child's DATABASE_URL: a fresh PostgreSQL database, or '' for PGlite in a folder of `root`. */
let databaseUrl = '';
let dropDatabase: () => Promise<void> = () => Promise.resolve();

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

async function start(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(root, 'db'),
      DATABASE_URL: databaseUrl,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'error',
      WEB_DIST: join(root, 'no-web'),
      // Tests never reach the real weather provider.
      WEATHER: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}`);
    }
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    ) {
      return child;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

beforeAll(async () => {
  if (!postgresUrl) {
    return;
  }
  const name = `terroir_crash_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(postgresUrl);
  target.pathname = `/${name}`;
  databaseUrl = target.toString();
  dropDatabase = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
});

afterAll(async () => {
  await dropDatabase();
  rmSync(root, { recursive: true, force: true });
});

const register = (port: number, username: string) =>
  fetch(`http://127.0.0.1:${port}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'long-enough-pw' }),
  });

/**
 * Sends `names` at once and SIGKILLs the server as soon as `killAfter` of them are acknowledged, the others
 * still in flight; answers the acknowledged ones.
 */
async function registerAndKill(server: ChildProcess, port: number, names: string[], killAfter: number) {
  const acked: string[] = [];
  const exited = new Promise((r) => server.once('exit', r));
  await Promise.all(
    names.map(async (username) => {
      const res = await register(port, username).catch(() => null);
      if (res?.status === 201) {
        acked.push(username);
        if (acked.length === killAfter) {
          server.kill('SIGKILL');
        }
      } else if (res) {
        throw new Error(`register ${username}: ${res.status} ${await res.text()}`);
      }
    }),
  );
  server.kill('SIGKILL');
  await exited;
  return acked;
}

describe(`${onPostgres ? 'PostgreSQL' : 'embedded database'} after a crash`, () => {
  it(`keeps every acknowledged registration through ${CYCLES} SIGKILLs and restarts`, {
    timeout: 60_000 + CYCLES * 30_000,
  }, async () => {
    const port = await freePort();
    const acked: string[] = [];
    const unacked: string[] = [];
    for (let cycle = 0; cycle < CYCLES; cycle += 1) {
      const server = await start(port);
      for (let i = 0; i < 3; i += 1) {
        const username = `crash_${cycle}_s${i}`;
        expect((await register(port, username)).status).toBe(201);
        acked.push(username);
      }
      // A burst, killed right after an acknowledgement while the rest are in flight: no shutdown, no flush.
      const burst = Array.from({ length: 10 }, (_, i) => `crash_${cycle}_b${i}`);
      const done = await registerAndKill(server, port, burst, 5);
      expect(done.length).toBeGreaterThanOrEqual(5);
      acked.push(...done);
      unacked.push(...burst.filter((n) => !done.includes(n)));
    }
    const server = await start(port);
    try {
      const login = (username: string) =>
        fetch(`http://127.0.0.1:${port}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password: 'long-enough-pw' }),
        });
      for (const username of acked) {
        expect((await login(username)).status, username).toBe(200);
      }
      // Unacknowledged ones may or may not have been committed, but never half: signed in or unknown.
      for (const username of unacked) {
        expect([200, 401], username).toContain((await login(username)).status);
      }
      console.log(
        `crash (${onPostgres ? 'PostgreSQL' : 'PGlite'}): ${CYCLES} SIGKILL cycles, ${acked.length} acknowledged writes all found, ${unacked.length} in flight at the kill`,
      );
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  });

  it('frees every key a SIGKILL cut off mid-write: sent again, each applies exactly once', {
    timeout: 120_000,
  }, async () => {
    const port = await freePort();
    let server = await start(port);
    const base = `http://127.0.0.1:${port}`;
    const username = 'crash_keyed';
    expect((await register(port, username)).status).toBe(201);
    const signIn = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'long-enough-pw' }),
    });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const keyed = (i: number) =>
      fetch(`${base}/api/posts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'idempotency-key': `crash-post-${i}` },
        body: JSON.stringify({ content: `keyed post ${i}` }),
      });
    // Thirty keyed writes at once, the server killed at the first acknowledgement: the others are cut off at
    // every stage (key taken, write half done, answer being recorded).
    const count = 30;
    const exited = new Promise((r) => server.once('exit', r));
    await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const res = await keyed(i).catch(() => null);
        if (res?.status === 201) {
          server.kill('SIGKILL');
        }
      }),
    );
    server.kill('SIGKILL');
    await exited;
    server = await start(port);
    try {
      // The phone's outbox sends each key again: every one is applied or replayed now, none is "in progress".
      for (let i = 0; i < count; i += 1) {
        const res = await keyed(i);
        expect(res.status, `key ${i}: ${res.headers.get('retry-after') ?? ''}`).toBe(201);
      }
      const feed = await fetch(`${base}/api/posts?limit=100`, { headers: { cookie } });
      const contents = ((await feed.json()) as { content: string }[]).map((p) => p.content).sort();
      expect(contents).toEqual(Array.from({ length: count }, (_, i) => `keyed post ${i}`).sort());
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  });
});
