// Crash durability: every write the server acknowledged is still there after a SIGKILL and a restart.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const onPostgres = process.env.TEST_DB === 'postgres';
const root = mkdtempSync(join(tmpdir(), 'terroir-crash-'));

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
      DATABASE_URL: '',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'error',
      WEB_DIST: join(root, 'no-web'),
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

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe.skipIf(onPostgres)('embedded database after a crash', () => {
  it('keeps every acknowledged registration through SIGKILL and restart', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const names: string[] = [];
    for (let cycle = 0; cycle < 2; cycle += 1) {
      const server = await start(port);
      for (let i = 0; i < 5; i += 1) {
        const username = `crash_${cycle}_${i}`;
        const res = await fetch(`http://127.0.0.1:${port}/api/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password: 'long-enough-pw' }),
        });
        expect(res.status).toBe(201);
        names.push(username);
      }
      // Killed right after the last acknowledgement: no shutdown, no flush.
      server.kill('SIGKILL');
      await new Promise((r) => server.once('exit', r));
    }
    const server = await start(port);
    try {
      for (const username of names) {
        const res = await fetch(`http://127.0.0.1:${port}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password: 'long-enough-pw' }),
        });
        expect(res.status, username).toBe(200);
      }
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  });
});
