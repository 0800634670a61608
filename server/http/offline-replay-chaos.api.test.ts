// Chaos for the phone's offline outbox (web/lib/outbox) against the real server: writes queued while offline are
// replayed by two tabs at once (no Web Locks, each its own copy of the modules and its own IndexedDB connection),
// through a network that drops requests before they leave and answers after the server applied them, while tabs
// are killed mid-request and reopened. However it goes, every write is applied exactly once, in order, and the
// comments queued on posts made offline land on those posts. `npm run test:stress` runs it with 200 writes.
import 'fake-indexeddb/auto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../db/client';
import { createTestApp, registerUser, type Session, type TestApp } from '../test/harness';

type Outbox = typeof import('../../web/lib/outbox/outbox-store');
type Replay = typeof import('../../web/lib/outbox/replay');
type Placeholders = typeof import('../../web/lib/outbox/outbox-placeholders');

const WRITES = Number(process.env.CHAOS_WRITES ?? 60);
const DB_NAME = 'terroir-outbox-chaos';

let t: TestApp;
let base: string;
let user: Session;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await t.close();
});

/** A seeded random source, so a failing run can be replayed (the seed is in the test name). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A tab: its own copies of the outbox modules (as a page has), its own connection to the shared database. */
async function openTab(dbName: string) {
  vi.resetModules();
  const storeModule: Outbox = await import('../../web/lib/outbox/outbox-store');
  const replay: Replay = await import('../../web/lib/outbox/replay');
  return { store: storeModule.createOutboxStore(dbName), replay };
}

type Tab = Awaited<ReturnType<typeof openTab>>;

describe('offline outbox under chaos', () => {
  const seed = Number(process.env.CHAOS_SEED ?? 20_261_124);
  it.each([
    ['in batches', true],
    ['one by one', false],
  ] as const)(
    `applies ${WRITES} writes queued offline exactly once, sent %s (seed ${seed})`,
    { timeout: 600_000 },
    async (_how, batch) => {
      const rand = random(seed);
      // Each run its own phone (database) and its own user.
      const dbName = `${DB_NAME}-${batch ? 'batch' : 'single'}`;
      user = await registerUser(t.app);
      const placeholders: Placeholders = await import('../../web/lib/outbox/outbox-placeholders');
      // A clock the tabs share: leases of killed tabs and retry delays pass in moments, not minutes.
      let clock = Date.now();
      const now = () => clock;
      /** Requests that never answer: the tab that made them was killed. */
      const hung: (() => void)[] = [];
      let killNext = false;

      // The network: down before sending, or lost after the server applied the write, or fine.
      const network = async (path: string, init: RequestInit): Promise<Response> => {
        const roll = rand();
        if (roll < 0.15) {
          throw new TypeError('Failed to fetch');
        }
        const headers = { ...(init.headers as Record<string, string>), cookie: user.cookie };
        const answer = await fetch(`${base}${path}`, { ...init, headers, credentials: undefined });
        if (killNext) {
          killNext = false;
          // The tab dies with its request answered but unread: the item stays 'sending' until its lease ends.
          return new Promise((_resolve, reject) => hung.push(() => reject(new TypeError('killed'))));
        }
        if (roll < 0.3) {
          throw new TypeError('Failed to fetch');
        }
        return answer;
      };

      const tabs: Tab[] = [await openTab(dbName), await openTab(dbName)];
      const pass = (tab: Tab) =>
        tab.replay.replayOutbox({ userId: user.user.id, fetchImpl: network, now, store: tab.store, batch });

      // Writes are queued in bursts between passes (the phone offline, then a little signal), with reloads.
      const queued: string[] = [];
      let lastPost: string | null = null;
      for (let i = 0; i < WRITES; i++) {
        const tab = tabs[i % 2] as Tab;
        const isComment = i % 10 === 9 && lastPost !== null;
        const item = await tab.store.add(
          isComment
            ? {
                userId: user.user.id,
                method: 'POST',
                path: `/api/posts/${placeholders.itemRef(lastPost as string, 'id')}/comments`,
                body: { content: `chaos comment ${i}` },
                label: { key: 'outbox:labels.commentCreate', params: { excerpt: `${i}` } },
                dependsOn: lastPost,
              }
            : {
                userId: user.user.id,
                method: 'POST',
                path: '/api/posts',
                body: { content: `chaos post ${i}` },
                label: { key: 'outbox:labels.postCreate', params: { excerpt: `${i}` } },
              },
          clock,
        );
        queued.push(item.id);
        if (!isComment) {
          lastPost = item.id;
        }
        if (rand() < 0.25) {
          // A little signal: both tabs replay at once.
          killNext = rand() < 0.3;
          const passes = tabs.map((candidate) => pass(candidate));
          if (killNext) {
            // One tab is killed and reopened (a reload, or the browser killed in the background).
            const killed = Math.floor(rand() * 2);
            tabs[killed] = await openTab(dbName);
          }
          await Promise.race([Promise.allSettled(passes), new Promise((r) => setTimeout(r, 200))]);
          clock += 60_000;
        }
      }

      // Signal at last: the tabs replay until nothing waits (killed tabs' leases run out on the shared clock).
      for (let round = 0; round < 400; round++) {
        killNext = false;
        await Promise.race([
          Promise.allSettled(tabs.map((tab) => pass(tab))),
          new Promise((r) => setTimeout(r, 500)),
        ]);
        clock += 10 * 60_000;
        const items = await (tabs[0] as Tab).store.list(user.user.id);
        if (items.length === WRITES && items.every((item) => item.state === 'sent')) {
          break;
        }
      }
      for (const release of hung) {
        release();
      }

      const items = await (tabs[0] as Tab).store.list(user.user.id);
      expect(items.map((item) => item.state)).toEqual(queued.map(() => 'sent'));
      const posts = rowsOf<{ content: string; n: number }>(
        await t.ctx.db.execute(sql`select content, count(*)::int as n from posts where author_id = ${user.user.id}
        group by content`),
      );
      const comments = rowsOf<{ content: string; post: string }>(
        await t.ctx.db.execute(sql`select c.content, p.content as post from comments c join posts p on p.id = c.post_id
        where c.author_id = ${user.user.id}`),
      );
      const postCount = queued.length - comments.length;
      // Exactly once: every post once, none twice, none lost; every comment once, on the post queued before it.
      expect(posts).toHaveLength(postCount);
      expect(posts.every((p) => p.n === 1)).toBe(true);
      expect(comments).toHaveLength(Math.floor(WRITES / 10));
      for (const comment of comments) {
        const i = Number(comment.content.split(' ').at(-1));
        expect(comment.post).toBe(`chaos post ${i - 1}`);
      }
      // In order: the posts' ids follow the order they were queued in.
      const order = rowsOf<{ content: string }>(
        await t.ctx.db.execute(sql`select content from posts where author_id = ${user.user.id} order by id`),
      ).map((p) => Number(p.content.split(' ').at(-1)));
      expect(order).toEqual([...order].sort((a, b) => a - b));
      await Promise.all(tabs.map((tab) => tab.store.close()));
    },
  );
});
