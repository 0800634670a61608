// Starts the built app on a free port with a private database, for benchmarks.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reachable, startChild } from './cli';

export interface BenchServer {
  url: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export function buildWeb(outDir: string): void {
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', outDir],
    {
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) {
    throw new Error('web build failed');
  }
}

export async function startServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const root = mkdtempSync(join(tmpdir(), 'terroir-bench-'));
  const webDist = join(root, 'web');
  buildWeb(webDist);
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(root, 'db'),
      WEB_DIST: webDist,
      DEMO_DATA: 'true',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // A bench never reaches the weather provider.
      WEATHER: 'off',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForOk(child, `${url}/api/health`, { everyMs: 250 });
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Polls `url` until it answers 2xx (for at most 2 minutes, failing at once if `child` exits). */
export async function waitForOk(
  child: ChildProcess,
  url: string,
  options: { headers?: Record<string, string>; everyMs: number },
): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}`);
    }
    if (Date.now() > deadline) {
      throw new Error(`no answer from ${url}`);
    }
    const ok = await fetch(url, { headers: options.headers ?? {} }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      return;
    }
    await new Promise((r) => setTimeout(r, options.everyMs));
  }
}

export async function signIn(url: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!res.ok || !cookie) {
    throw new Error(`sign-in failed: ${res.status}`);
  }
  return cookie;
}

/**
 * The app on generated data (no demo data, no weather, no web) and the bare route beside it, each in a child
 * process: what a benchmark compares. `entry` is server/main.ts, or bench/limit-server.ts with the writes' limits
 * on `env.LIMIT_PORT`; `profileDir` takes a CPU profile of the app.
 */
export async function startAppAndBare(options: {
  entry: string;
  root: string;
  dataDir: string;
  url: string | undefined;
  profileDir?: string | undefined;
  env?: Record<string, string>;
}): Promise<{ base: string; bare: string; stop: () => Promise<void> }> {
  const { url, profileDir } = options;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const stopServer = await startChild(
    [options.entry],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      ...(url ? { DATABASE_URL: url } : {}),
      DEMO_DATA: 'false',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // A bench never reaches the weather provider.
      WEATHER: 'off',
      WEB_DIST: join(options.root, 'no-web'),
      ...options.env,
    },
    reachable(`${base}/api/health`),
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  const barePort = await freePort();
  const bare = `http://127.0.0.1:${barePort}`;
  const stopBare = await startChild(
    ['bench/bare-server.ts', String(barePort)],
    {},
    reachable(`${bare}/bare/2`),
  );
  return {
    base,
    bare,
    stop: async () => {
      await stopBare();
      await stopServer();
    },
  };
}
