// Lighthouse (mobile emulation) on the sign-in page and the marketplace signed in, against a fresh build.
// Usage: npm run bench:lighthouse   (budgets, DESIGN §8: performance ≥ 95, accessibility ≥ 95, best practices ≥ 90)
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { signIn, startServer } from './server';

const BUDGET = { performance: 95, accessibility: 95, 'best-practices': 90 } as const;

async function audit(url: string, port: number, headers: Record<string, string> = {}) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    formFactor: 'mobile',
    extraHeaders: headers,
  });
  if (!result) {
    throw new Error(`no Lighthouse result for ${url}`);
  }
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    lcp: audits['largest-contentful-paint']?.displayValue ?? '',
    tbt: audits['total-blocking-time']?.displayValue ?? '',
    cls: audits['cumulative-layout-shift']?.displayValue ?? '',
  };
}

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
let failed = false;
try {
  const cookie = await signIn(server.url, 'kofi', 'terroir-demo');
  const rows = [
    ['sign-in', await audit(`${server.url}/`, chrome.port)],
    ['marketplace', await audit(`${server.url}/marketplace`, chrome.port, { Cookie: cookie })],
  ] as const;
  console.log('page          perf  a11y  best   LCP        TBT        CLS');
  for (const [name, r] of rows) {
    console.log(
      `${name.padEnd(13)} ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ${String(r['best-practices']).padStart(4)}   ${r.lcp.padEnd(10)} ${r.tbt.padEnd(10)} ${r.cls}`,
    );
    for (const [key, min] of Object.entries(BUDGET)) {
      if (r[key as keyof typeof BUDGET] < min) {
        failed = true;
        console.log(`  ${name}: ${key} below ${min}`);
      }
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
}
process.exitCode = failed ? 1 : 0;
