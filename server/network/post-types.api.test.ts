// A post says what it is: an insight, a question, an offer of help or an event, as its author chose; the feed
// shows each as posted (not every post an insight).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_TYPES, type TPost } from '../../contract/network';
import { userWithRole } from '../test/factories';
import { call, createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('post types', () => {
  it('keeps the type each post was given, an offer of help included, and refuses another', async () => {
    expect(POST_TYPES).toEqual(['insight', 'question', 'offer', 'event']);
    const author = await userWithRole(t.app, t.ctx, 'farmer');
    const ids = new Map<number, string>();
    for (const type of POST_TYPES) {
      const res = await call(t.app, author.cookie, {
        method: 'POST',
        url: '/api/posts',
        payload: { content: `A ${type} post`, type },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<TPost>().type).toBe(type);
      ids.set(res.json<TPost>().id, type);
    }
    const feed = await call(t.app, author.cookie, { method: 'GET', url: '/api/posts?limit=50' });
    const shown = feed.json<TPost[]>().filter((p) => ids.has(p.id));
    expect(new Map(shown.map((p) => [p.id, p.type]))).toEqual(ids);
    const bogus = await call(t.app, author.cookie, {
      method: 'POST',
      url: '/api/posts',
      payload: { content: 'Selling', type: 'advert' },
    });
    expect(bogus.statusCode).toBe(400);
  });
});
