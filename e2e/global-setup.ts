// Builds the web app and starts the real server on a fresh embedded database for the browser tests.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { momoEnv, orangeEnv, startPaymentsStandIn } from '../server/test/payments-stand-in';
import { freePort, startServer } from './server-process';

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
  // MTN MoMo and Orange Money as a local stand-in (the payments spec pays through it); their callbacks come back to
  // the server's own address, so it is known before the server starts.
  const payments = await startPaymentsStandIn();
  const port = await freePort();
  const server = await startServer({
    dataDir,
    webDist,
    port,
    env: {
      DEMO_DATA: 'true',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...momoEnv(payments),
      ...orangeEnv(payments),
    },
  }).catch(async (error: unknown) => {
    await payments.close();
    throw error;
  });
  project.provide('baseUrl', server.url);
  project.provide('webDist', webDist);
  return async () => {
    await server.stop();
    await payments.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
