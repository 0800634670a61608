// How long the phone's outbox takes to send 200 writes made offline, over emulated slow 3G (Chrome DevTools'
// network conditions: 400 kbit/s each way, 400 ms latency). A benchmark, not a timed test; target ≤ 60 s.
// Usage: npm run bench:outbox [-- --writes 200]
// The app runs from a fresh build with demo data; a farmer is signed in on a phone-sized page, the network is
// cut, 200 posts are put in the outbox exactly as the app stores them, then the network comes back, slow.
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { startServer } from './server';

const { values: args } = parseArgs({ options: { writes: { type: 'string', default: '200' } } });
const WRITES = Math.max(1, Number(args.writes) || 200);
const SLOW_3G = { latency: 400, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8 };
const TARGET_S = 60;

/** Puts `count` items in the page's outbox database, shaped as web/lib/outbox stores them. */
function queueInPage({ count, userId }: { count: number; userId: number }): Promise<number> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('terroir-outbox', 1);
    open.onupgradeneeded = () => {
      const items = open.result.createObjectStore('items', { keyPath: 'id' });
      items.createIndex('by-user-seq', ['userId', 'seq'], { unique: true });
    };
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction('items', 'readwrite');
      const now = Date.now();
      for (let i = 1; i <= count; i++) {
        const token = `${now.toString(36)}${i.toString(36).padStart(4, '0')}`;
        tx.objectStore('items').put({
          id: `bench-${token}`,
          userId,
          idempotencyKey: `outbox-bench-${token}`,
          method: 'POST',
          path: '/api/posts',
          body: { content: `Offline note ${i}: the maize on the lower field is ready to harvest.` },
          label: { key: 'outbox:labels.postCreate', params: { excerpt: `Offline note ${i}` } },
          state: 'saved',
          attempts: 0,
          error: null,
          createdAt: now,
          updatedAt: now,
          nextAttemptAt: now,
          dependsOn: null,
          result: null,
          status: null,
          seq: i,
        });
      }
      tx.oncomplete = () => resolve(count);
      tx.onerror = () => reject(tx.error);
    };
  });
}

/** How many of the user's items are sent. */
function sentInPage(): Promise<number> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('terroir-outbox', 1);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const request = open.result.transaction('items').objectStore('items').getAll();
      request.onsuccess = () => {
        open.result.close();
        resolve((request.result as { state: string }[]).filter((item) => item.state === 'sent').length);
      };
      request.onerror = () => reject(request.error);
    };
  });
}

async function main(): Promise<void> {
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: server.url });
    const page = await context.newPage();
    const login = await page.request.post('/api/login', {
      data: { username: 'amina', password: 'terroir-demo' },
    });
    const user = (await login.json()) as { id: number };
    await page.goto('/network');
    await page.waitForLoadState('networkidle');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: true,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.evaluate(queueInPage, { count: WRITES, userId: user.id });
    const started = Date.now();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_3G });
    let sent = 0;
    while (sent < WRITES && Date.now() - started < 20 * 60_000) {
      await page.waitForTimeout(500);
      sent = await page.evaluate(sentInPage);
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `outbox replay: ${sent}/${WRITES} writes sent in ${seconds.toFixed(1)} s over slow 3G (400 kbit/s, 400 ms)`,
    );
    console.log(`target ≤ ${TARGET_S} s: ${sent === WRITES && seconds <= TARGET_S ? 'ok' : 'MISSED'}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
