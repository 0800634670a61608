// A topic kept on the phone: the addresses are the very ones the screens read; measuring asks only the lengths;
// saving keeps all or nothing; the cache alone says a topic is saved (its list and every lesson the list names);
// removing deletes what was kept.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lessonQuery } from '../../lib/queries/lesson';
import { lessonsQuery } from '../../lib/queries/lessons';
import { measure, removeTopic, saveTopic, topicListPath, topicOnPhone, topicPaths } from './offline-lessons';

/** An in-memory CacheStorage holding one cache, keyed by path. */
function fakeCaches() {
  const entries = new Map<string, Response>();
  const cache = {
    put: async (path: string, response: Response) => void entries.set(path, response),
    match: async (path: string) => entries.get(path)?.clone(),
    delete: async (path: string) => entries.delete(path),
  };
  vi.stubGlobal('caches', { open: async () => cache });
  return entries;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const LIST = { data: [{ slug: 'late-blight' }, { slug: 'fall-armyworm' }] };
const PATHS = ['/api/lessons?topic=pests_diseases', '/api/lessons/late-blight', '/api/lessons/fall-armyworm'];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('offline lessons', () => {
  it('keeps the addresses the Learning Center and the lesson page read', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        asked.push(String(input));
        return json({ data: [] });
      }),
    );
    const context = { signal: new AbortController().signal } as never;
    await lessonsQuery({ topic: 'pests_diseases', q: '' }, 'fr').queryFn?.(context);
    await lessonQuery('late-blight', 'fr').queryFn?.(context);
    expect(asked).toEqual(topicPaths('pests_diseases', ['late-blight']));
  });

  it('measures with HEAD, summing the lengths; unknown when one answer does not say', async () => {
    const fetch = vi.fn(async (path: string, _init?: RequestInit) =>
      path.endsWith('fall-armyworm')
        ? new Response(null, { status: 200 })
        : new Response(null, { headers: { 'content-length': '5000' } }),
    );
    vi.stubGlobal('fetch', fetch);
    expect(await measure(PATHS.slice(0, 2))).toBe(10_000);
    expect(fetch.mock.calls.map(([, init]) => init?.method)).toEqual(['HEAD', 'HEAD']);
    expect(await measure(PATHS)).toBeNull();
  });

  it('saves the list and each lesson, and says the topic is saved with the bytes kept', async () => {
    const entries = fakeCaches();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => json(path === PATHS[0] ? LIST : { slug: path })),
    );
    expect(await topicOnPhone('pests_diseases')).toEqual({ saved: false, bytes: 0, paths: [] });
    await saveTopic(PATHS);
    expect([...entries.keys()]).toEqual(PATHS);
    const kept = await topicOnPhone('pests_diseases');
    expect(kept.saved).toBe(true);
    expect(kept.paths).toEqual(PATHS);
    const lessons = PATHS.slice(1).map((slug) => JSON.stringify({ slug }).length);
    expect(kept.bytes).toBe(JSON.stringify(LIST).length + (lessons[0] ?? 0) + (lessons[1] ?? 0));

    await removeTopic(kept.paths);
    expect(entries.size).toBe(0);
  });

  it('adds nothing when one answer fails (a lesson kept before stays), and half a topic is not saved', async () => {
    const entries = fakeCaches();
    entries.set('/api/lessons/late-blight', json({ opened: true }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => (path.endsWith('fall-armyworm') ? json({}, 503) : json(LIST))),
    );
    await expect(saveTopic(PATHS)).rejects.toThrow('503');
    expect([...entries.keys()]).toEqual(['/api/lessons/late-blight']);

    // The list and one lesson read online (the service worker kept them): half a topic.
    entries.set(topicListPath('pests_diseases'), json(LIST));
    const kept = await topicOnPhone('pests_diseases');
    expect(kept.saved).toBe(false);
    expect(kept.paths).toEqual(PATHS.slice(0, 2));
  });
});
