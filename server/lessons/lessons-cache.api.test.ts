// The Learning Center's list is kept per instance (the lessons each search finds, and each reader's progress apart):
// a reader's progress shows in their next read on the instance that wrote it at once, on another once it hears the
// reader's `lesson` event, which only that reader hears.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLessonSummary } from '../../contract/lessons';
import { userWithRole } from '../test/factories';
import { call, createSecondInstance, createTestApp, noticesDuring, ok, type TestApp } from '../test/harness';

const onPostgres = process.env.TEST_DB === 'postgres';

let t: TestApp;
let slug = '';
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const list = async (app: TestApp, cookie: string) =>
  (await ok<{ data: TLessonSummary[] }>(await call(app.app, cookie, { method: 'GET', url: '/api/lessons' })))
    .data;
const progressOn = async (app: TestApp, cookie: string) =>
  (await list(app, cookie)).find((l) => l.slug === slug)?.progress ?? null;

describe('the lessons list, cached', () => {
  it('shows a reader’s progress in their next read, and tells only them', async () => {
    const reader = await userWithRole(t.app, t.ctx, 'farmer');
    const other = await userWithRole(t.app, t.ctx, 'farmer');
    const shipped = await list(t, reader.cookie);
    slug = shipped[0]?.slug ?? '';
    expect(slug).not.toBe('');
    expect(await progressOn(t, reader.cookie)).toBeNull();
    expect(await progressOn(t, other.cookie)).toBeNull();
    const notices = await noticesDuring(t, async () => {
      const res = await call(t.app, reader.cookie, {
        method: 'POST',
        url: `/api/lessons/${slug}/progress`,
        payload: { finished: true },
      });
      expect(res.statusCode, res.body).toBe(204);
    });
    expect(await progressOn(t, reader.cookie)).toMatchObject({ finishedAt: expect.any(String) });
    expect(await progressOn(t, other.cookie)).toBeNull();
    const heard = notices.filter((n) => n.event.type === 'lesson');
    expect(heard.map((n) => [n.event.userId, n.to])).toEqual([[reader.user.id, [reader.user.id]]]);
  });
});

describe.skipIf(!onPostgres)('on two instances', () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await createSecondInstance(t);
  });
  afterAll(async () => {
    await b?.close();
  });

  it('shows progress written on one instance in the other’s next reads once it hears the event', async () => {
    const reader = await userWithRole(t.app, t.ctx, 'farmer');
    slug = (await list(b, reader.cookie))[0]?.slug ?? '';
    expect(await progressOn(b, reader.cookie)).toBeNull();
    const res = await call(t.app, reader.cookie, {
      method: 'POST',
      url: `/api/lessons/${slug}/progress`,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(204);
    await expect
      .poll(async () => (await progressOn(b, reader.cookie)) !== null, { timeout: 2000, interval: 25 })
      .toBe(true);
  });
});
