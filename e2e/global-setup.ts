// Builds the web app and starts the real server on a fresh embedded database for the browser tests.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, waitForHealth } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The built web app, for a spec that starts a server of its own (french-phone-flow.spec.ts). */
    webDist: string;
  }
}

export default async function setup(project: TestProject) {
  // A private build and database per run, so that parallel runs never share files.
  const dataDir = mkdtempSync(join(tmpdir(), 'terroir-e2e-'));
  const webDist = join(dataDir, 'web');
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', webDist],
    { stdio: 'inherit' },
  );
  if (build.status !== 0) {
    throw new Error('web build failed');
  }
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, 'db'),
      WEB_DIST: webDist,
      DATABASE_URL: '',
      DEMO_DATA: 'true',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // Behind a proxy, as deployed: each browser context says its own address (browser.ts).
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child);
  project.provide('baseUrl', baseUrl);
  project.provide('webDist', webDist);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
