// Builds what `npm start` runs, the web app (dist/web) and the server (dist/server), when missing or older than
// any of its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer, SERVER_BUNDLE } from './build-server.mjs';

const WEB = {
  marker: 'dist/web/index.html',
  sources: ['web', 'contract', 'vite.config.ts', 'package-lock.json'],
};
const SERVER = {
  marker: SERVER_BUNDLE,
  sources: ['server', 'contract', 'tsconfig.json', 'package-lock.json', 'scripts/build-server.mjs'],
};

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) {
    return stat.mtimeMs;
  }
  let max = stat.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) {
      continue;
    }
    max = Math.max(max, newest(join(path, name)));
  }
  return max;
}

function isStale({ marker, sources }) {
  if (!existsSync(marker)) {
    return true;
  }
  const built = statSync(marker).mtimeMs;
  return sources.filter((s) => existsSync(s)).some((s) => newest(s) > built);
}

function buildWeb() {
  console.log('Building the web app…');
  const result = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) {
    throw new Error('web build failed');
  }
}

export async function buildIfStale() {
  if (isStale(WEB)) {
    buildWeb();
  }
  if (isStale(SERVER)) {
    console.log('Building the server…');
    await buildServer();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildIfStale();
}
