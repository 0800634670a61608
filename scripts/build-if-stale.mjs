// Builds the web app when dist/web is missing or older than any of its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['web', 'contract', 'vite.config.ts', 'package-lock.json'];
const MARKER = 'dist/web/index.html';

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

export function isStale() {
  if (!existsSync(MARKER)) {
    return true;
  }
  const built = statSync(MARKER).mtimeMs;
  return SOURCES.filter((s) => existsSync(s)).some((s) => newest(s) > built);
}

export function buildIfStale() {
  if (!isStale()) {
    return;
  }
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

if (import.meta.url === `file://${process.argv[1]}`) {
  buildIfStale();
}
