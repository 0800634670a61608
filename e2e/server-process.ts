// Starting the real server as a child process: a free port, and waiting until it answers its health check.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

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

export async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) {
        return;
      }
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start in 180 s');
}

export interface ServerProcess {
  url: string;
  stop(): Promise<void>;
}

/**
 * The built app served as deployed (production, behind a proxy: each browser context says its own address, see
 * browser.ts) on a free port, its embedded database in `dataDir`; `env` adds to or overrides that. Answers once the
 * server does; a server that never does is stopped.
 */
export async function startServer(options: {
  dataDir: string;
  webDist: string;
  env: Record<string, string>;
  /** The port to listen on (one the caller told others of, e.g. a provider calling back); else a free one. */
  port?: number;
}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(options.dataDir, 'db'),
      WEB_DIST: options.webDist,
      DATABASE_URL: '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      // Browser tests never reach the real weather provider: a test that wants weather points it at the stand-in.
      WEATHER: 'off',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
