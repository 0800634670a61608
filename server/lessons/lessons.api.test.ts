// The Learning Center's reading routes through the real server: published lessons in the reader's language (the
// other language named when only it exists), filters and words (taken literally), the lessons fitting the reader's
// crops now, one lesson whole, progress per reader, and shipped lessons published again as a new version when changed.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLesson, TLessonContent, TLessonSummary } from '../../contract/lessons';
import { rowsOf } from '../db/client';
import { createFarm, userWithRole } from '../test/factories';
import { call, createTestApp, ok, type Session, type TestApp } from '../test/harness';
import { installShipped } from './lessons.repo';

let t: TestApp;

const text = (title: string, extra = '') => ({
  title,
  summary: `${title}: what to do ${extra}`.trim(),
  sections: [
    { kind: 'text' as const, heading: 'Why', text: `Because 100% of it matters ${extra}`.trim() },
    { kind: 'steps' as const, steps: ['First step', 'Second step'] },
    { kind: 'do_dont' as const, do: ['Do this'], dont: ['Not that'] },
  ],
  keySteps: ['One', 'Two', 'Three'],
});

const lesson = (over: Partial<TLessonContent>): TLessonContent => ({
  slug: 'test-lesson',
  topic: 'crops',
  crops: ['maize'],
  stages: ['development'],
  readingMinutes: 3,
  sources: [{ publisher: 'FAO', title: 'A guide', year: 2020, url: 'https://www.fao.org/guide' }],
  en: text('Weeding maize', 'weeds'),
  fr: text('Désherber le maïs', 'mauvaises herbes'),
  ...over,
});

const MAIZE = lesson({ slug: 'test-weeding-maize' });
const MAIZE_SOWING = lesson({
  slug: 'test-sowing-maize',
  stages: ['initial'],
  en: text('Sowing maize'),
  fr: text('Semer le maïs'),
});
const CASSAVA_FR = lesson({
  slug: 'test-cassava-fr-only',
  crops: ['cassava'],
  stages: [],
  en: undefined,
  fr: text('Boutures de manioc'),
});
const MONEY = lesson({
  slug: 'test-money',
  topic: 'money',
  crops: [],
  stages: [],
  en: text('Keep your PIN'),
  fr: text('Gardez votre code secret'),
});

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.db.transaction((tx) => installShipped(tx, [MAIZE, MAIZE_SOWING, CASSAVA_FR, MONEY]));
});
afterAll(async () => {
  await t.close();
});

const list = async (who: Session, query = '') =>
  (
    await ok<{ data: TLessonSummary[] }>(
      await call(t.app, who.cookie, { method: 'GET', url: `/api/lessons${query}` }),
    )
  ).data;
const slugs = async (who: Session, query = '') =>
  (await list(who, query))
    .map((l) => l.slug)
    .filter((s) => s.startsWith('test-'))
    .sort();

async function french(): Promise<Session> {
  const farmer = await userWithRole(t.app, t.ctx, 'farmer');
  await ok(
    await call(t.app, farmer.cookie, {
      method: 'PATCH',
      url: '/api/user/language',
      payload: { language: 'fr' },
    }),
  );
  return farmer;
}

describe('published lessons', () => {
  it('come in the reader’s language, else in the language they have, named', async () => {
    const reader = await french();
    const lessons = await list(reader);
    expect(lessons.find((l) => l.slug === MAIZE.slug)).toMatchObject({
      language: 'fr',
      title: 'Désherber le maïs',
    });
    const english = await userWithRole(t.app, t.ctx, 'buyer');
    const theirs = await list(english);
    expect(theirs.find((l) => l.slug === MAIZE.slug)).toMatchObject({
      language: 'en',
      title: 'Weeding maize',
    });
    expect(theirs.find((l) => l.slug === CASSAVA_FR.slug)).toMatchObject({ language: 'fr' });
  });

  it('are found by topic, crop, stage (lessons for any time included) and words taken literally', async () => {
    const reader = await userWithRole(t.app, t.ctx, 'farmer');
    expect(await slugs(reader, '?topic=money')).toEqual([MONEY.slug]);
    expect(await slugs(reader, '?crop=Cassava')).toEqual([CASSAVA_FR.slug]);
    expect(await slugs(reader, '?stage=development')).toEqual(
      [CASSAVA_FR.slug, MAIZE.slug, MONEY.slug].sort(),
    );
    expect(await slugs(reader, '?stage=mid')).toEqual([CASSAVA_FR.slug, MONEY.slug].sort());
    expect(await slugs(reader, '?q=MAUVAISES')).toEqual([MAIZE.slug]);
    expect(await slugs(reader, `?q=${encodeURIComponent('100%')}`)).toEqual(
      [CASSAVA_FR.slug, MAIZE.slug, MAIZE_SOWING.slug, MONEY.slug].sort(),
    );
    expect(await slugs(reader, `?q=${encodeURIComponent('0%_')}`)).toEqual([]);
    const bad = await call(t.app, reader.cookie, { method: 'GET', url: '/api/lessons?topic=cooking' });
    expect(bad.statusCode).toBe(400);
  });

  it('for=me: those about the crops the reader grows, at the stage each is at', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    expect(await slugs(farmer, '?for=me')).toEqual([]);
    // Maize sown 35 days ago is in its development stage.
    await createFarm(t.app, farmer, { crop: 'maize', plantingDate: daysAgo(35) });
    expect(await slugs(farmer, '?for=me')).toEqual([MAIZE.slug]);
    // Cassava still to be planted is at its first stage; that stage is cassava's, not the maize's.
    await createFarm(t.app, farmer, { crop: 'cassava', plantingDate: daysAgo(-20) });
    expect(await slugs(farmer, '?for=me')).toEqual([CASSAVA_FR.slug, MAIZE.slug]);
  });
});

describe('a lesson', () => {
  it('is read whole, with its sources and languages; a draft or unknown one is not found', async () => {
    const reader = await userWithRole(t.app, t.ctx, 'buyer');
    const read = await ok<TLesson>(
      await call(t.app, reader.cookie, { method: 'GET', url: `/api/lessons/${MAIZE.slug}` }),
    );
    expect(read).toMatchObject({
      title: 'Weeding maize',
      languages: ['en', 'fr'],
      keySteps: ['One', 'Two', 'Three'],
      sources: MAIZE.sources,
      version: 1,
      progress: null,
    });
    expect(read.sections.map((s) => s.kind)).toEqual(['text', 'steps', 'do_dont']);
    await t.ctx.db.execute(
      sql`insert into lessons (slug, topic, crops, stages) values ('test-draft', 'crops', '{}', '{}')`,
    );
    for (const slug of ['test-draft', 'no-such-lesson']) {
      const res = await call(t.app, reader.cookie, { method: 'GET', url: `/api/lessons/${slug}` });
      expect(res.statusCode, slug).toBe(404);
    }
    const bad = await call(t.app, reader.cookie, { method: 'GET', url: '/api/lessons/Not%20A%20Slug' });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps each reader’s progress: opened, then finished (the first time counts)', async () => {
    const reader = await userWithRole(t.app, t.ctx, 'farmer');
    const other = await userWithRole(t.app, t.ctx, 'farmer');
    const progress = (who: Session, finished?: boolean) =>
      call(t.app, who.cookie, {
        method: 'POST',
        url: `/api/lessons/${MAIZE.slug}/progress`,
        payload: finished === undefined ? {} : { finished },
      });
    expect((await progress(reader)).statusCode).toBe(204);
    const opened = (await list(reader)).find((l) => l.slug === MAIZE.slug)?.progress;
    expect(opened).toMatchObject({ finishedAt: null });
    expect((await progress(reader, true)).statusCode).toBe(204);
    const finished = (await list(reader)).find((l) => l.slug === MAIZE.slug)?.progress?.finishedAt;
    expect(finished).toEqual(expect.any(String));
    await progress(reader, true);
    await progress(reader);
    expect((await list(reader)).find((l) => l.slug === MAIZE.slug)?.progress?.finishedAt).toBe(finished);
    expect((await list(other)).find((l) => l.slug === MAIZE.slug)?.progress).toBeNull();
    const missing = await call(t.app, reader.cookie, {
      method: 'POST',
      url: '/api/lessons/no-such-lesson/progress',
      payload: {},
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the lessons the app ships', () => {
  it('are published again as a new version when their content changes, every version kept', async () => {
    const versions = async () =>
      rowsOf<{ version: number }>(
        await t.ctx.db.execute(sql`select v.version from lesson_versions v join lessons l on l.id = v.lesson_id
          where l.slug = ${MONEY.slug} order by v.version`),
      ).map((r) => r.version);
    expect(await t.ctx.db.transaction((tx) => installShipped(tx, [MONEY]))).toBe(0);
    expect(await versions()).toEqual([1]);
    const changed = { ...MONEY, readingMinutes: 2 };
    expect(await t.ctx.db.transaction((tx) => installShipped(tx, [changed]))).toBe(1);
    expect(await versions()).toEqual([1, 2]);
    const reader = await userWithRole(t.app, t.ctx, 'buyer');
    const read = await ok<TLesson>(
      await call(t.app, reader.cookie, { method: 'GET', url: `/api/lessons/${MONEY.slug}` }),
    );
    expect(read).toMatchObject({ version: 2, readingMinutes: 2 });
  });
});
