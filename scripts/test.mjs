// npm test: type check, lint, dead code (knip), unit + API tests on PGlite, the API tests again on PostgreSQL
// (when TEST_DATABASE_URL is set), then the browser tests. Ends with one 'N passed, N failed' line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const node = process.execPath;
const reports = mkdtempSync(join(tmpdir(), 'terroir-test-'));
let passed = 0;
let failed = 0;
const failures = [];

function run(label, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(node, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`◀ ${label}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (result.status !== 0) {
    failures.push(label);
  }
  return result.status === 0;
}

/** Runs independent steps at once, each one's output held and printed whole when it ends (in the order given). */
async function runTogether(steps) {
  const outcomes = steps.map(({ label, args }) => {
    const started = Date.now();
    const child = spawn(node, args, { env: process.env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const seconds = () => ((Date.now() - started) / 1000).toFixed(0);
    return new Promise((resolve) => {
      child.on('error', (error) => resolve({ label, output, status: 1, error, took: seconds() }));
      child.on('close', (status) => resolve({ label, output, status, took: seconds() }));
    });
  });
  for (const outcome of outcomes) {
    const { label, output, status, error, took } = await outcome;
    console.log(`\n▶ ${label} (${took} s, run alongside the others)`);
    process.stdout.write(Buffer.concat(output));
    if (error) {
      console.log(String(error));
    }
    if (status !== 0) {
      failures.push(label);
    }
  }
}

function vitest(label, projects, env = {}) {
  const out = join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const args = ['node_modules/vitest/vitest.mjs', 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${out}`);
  run(label, args, env);
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests || (report.success ? 0 : 1);
  } else {
    failed += 1;
  }
}

// The three static checks are independent: run at once, they take about as long as the type check alone.
await runTogether([
  { label: 'type check', args: ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { label: 'lint and format', args: ['node_modules/@biomejs/biome/bin/biome', 'check', '.'] },
  // Any unused file, export, dependency or unlisted binary fails the run (knip exits non-zero on a finding).
  { label: 'dead code (knip)', args: ['node_modules/knip/bin/knip.js'] },
]);
vitest('unit and API tests (PGlite)', ['unit', 'api']);
if (process.env.TEST_DATABASE_URL) {
  vitest('API tests (PostgreSQL)', ['api'], { TEST_DB: 'postgres' });
} else {
  console.log('\n(TEST_DATABASE_URL not set: API tests on PostgreSQL skipped)');
}
if (process.env.SKIP_E2E === '1') {
  console.log('\n(SKIP_E2E=1: browser tests skipped)');
} else {
  vitest('browser tests (Chromium)', ['e2e']);
}

console.log(`\n${failures.length ? `Failed steps: ${failures.join('; ')}` : 'All steps passed.'}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failures.length || failed ? 1 : 0);
