// Writing and reviewing lessons through the real server: an expert named by a manager writes a draft that nobody else
// sees, submits it, cannot approve it themselves; another expert sends it back with a comment, then approves it and
// it is published (readers find it); the next version keeps the first; two reviewers at once publish it once; hostile
// bodies (markup, script addresses) are refused and change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLessonDraft, TLessonDraftList } from '../../contract/lesson-authoring';
import type { TLesson, TLessonContent, TLessonSummary } from '../../contract/lessons';
import { userWithRole } from '../test/factories';
import { call, createTestApp, ok, type Session, type TestApp } from '../test/harness';

let t: TestApp;
let manager: Session;
let writer: Session;
let reviewer: Session;
let reader: Session;

beforeAll(async () => {
  t = await createTestApp();
  manager = await userWithRole(t.app, t.ctx, 'manager');
  writer = await userWithRole(t.app, t.ctx, 'agent');
  reviewer = await userWithRole(t.app, t.ctx, 'farmer');
  reader = await userWithRole(t.app, t.ctx, 'farmer');
  for (const expert of [writer, reviewer]) {
    const res = await send(manager, 'PUT', `/api/lesson-experts/${expert.user.id}`);
    expect(res.statusCode, res.body).toBe(204);
  }
});
afterAll(() => t.close());

function send(
  who: Session,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return call(t.app, who.cookie, { method, url, ...(payload ? { payload } : {}) });
}

const text = (title: string) => ({
  title,
  summary: `${title}, in short`,
  sections: [{ kind: 'steps' as const, heading: 'How', steps: ['Weed at 2 weeks', 'Weed again at 5 weeks'] }],
  keySteps: ['Weed early', 'Weed again', 'Keep the rows clean'],
});

const content = (slug: string, over: Partial<TLessonContent> = {}): TLessonContent => ({
  slug,
  topic: 'crops',
  crops: ['maize'],
  stages: ['development'],
  readingMinutes: 2,
  sources: [{ publisher: 'IITA', title: 'Maize production guide', year: 2019, url: 'https://www.iita.org/' }],
  en: text('Weeding maize on time'),
  fr: text('Désherber le maïs à temps'),
  ...over,
});

describe('a lesson from draft to published', () => {
  it('is seen only by its author while a draft, reviewed by another expert, then read by everyone', async () => {
    const slug = 'authoring-weeding';
    const draft = await ok<TLessonDraft>(await send(writer, 'POST', '/api/lessons', content(slug)), 201);
    expect(draft).toMatchObject({
      state: 'draft',
      version: 0,
      can: { edit: true, submit: true, review: false },
    });

    // Nobody else sees a draft: not a reader, not another expert, not the list; readers never get it.
    for (const other of [reader, reviewer, manager]) {
      expect((await send(other, 'GET', `/api/lessons/${slug}/draft`)).statusCode).toBe(404);
      const list = await ok<TLessonDraftList>(await send(other, 'GET', '/api/lesson-drafts'));
      expect(list.data.map((d) => d.slug)).not.toContain(slug);
    }
    expect((await send(reader, 'GET', `/api/lessons/${slug}`)).statusCode).toBe(404);
    const readable = await ok<{ data: TLessonSummary[] }>(
      await send(reader, 'GET', '/api/lessons?q=weeding'),
    );
    expect(readable.data.map((l) => l.slug)).not.toContain(slug);

    await ok(await send(writer, 'POST', `/api/lessons/${slug}/submit`));
    // The author cannot approve their own; a reader cannot review at all.
    const own = await send(writer, 'POST', `/api/lessons/${slug}/review`, { decision: 'approve' });
    expect(own.statusCode, own.body).toBe(403);
    expect(own.json<{ message: string }>().message).toMatch(/another expert/i);
    expect(
      (await send(reader, 'POST', `/api/lessons/${slug}/review`, { decision: 'approve' })).statusCode,
    ).toBe(403);
    // In review, the author cannot change it, and other reviewers see it.
    expect((await send(writer, 'PATCH', `/api/lessons/${slug}`, { readingMinutes: 3 })).statusCode).toBe(409);
    const queue = await ok<TLessonDraftList>(await send(reviewer, 'GET', '/api/lesson-drafts'));
    expect(queue.data.find((d) => d.slug === slug)).toMatchObject({ state: 'in_review', mine: false });

    // Sent back: a comment is needed, and the author reads it.
    expect(
      (await send(reviewer, 'POST', `/api/lessons/${slug}/review`, { decision: 'send_back' })).statusCode,
    ).toBe(400);
    await ok(
      await send(reviewer, 'POST', `/api/lessons/${slug}/review`, {
        decision: 'send_back',
        comment: 'Say when to weed in days after sowing.',
      }),
    );
    const back = await ok<TLessonDraft>(await send(writer, 'GET', `/api/lessons/${slug}/draft`));
    expect(back.state).toBe('draft');
    expect(back.reviews).toMatchObject([
      { decision: 'send_back', comment: 'Say when to weed in days after sowing.' },
    ]);
    expect((await send(reviewer, 'GET', `/api/lessons/${slug}/draft`)).statusCode).toBe(404);

    const fixed = await ok<TLessonDraft>(
      await send(writer, 'PATCH', `/api/lessons/${slug}`, {
        en: text('Weeding maize 2 and 5 weeks after sowing'),
      }),
    );
    expect(fixed.content.en?.title).toBe('Weeding maize 2 and 5 weeks after sowing');
    expect(fixed.content.fr?.title).toBe('Désherber le maïs à temps');
    await ok(await send(writer, 'POST', `/api/lessons/${slug}/submit`));
    const published = await ok<TLessonDraft>(
      await send(reviewer, 'POST', `/api/lessons/${slug}/review`, { decision: 'approve' }),
    );
    expect(published).toMatchObject({ state: 'published', version: 1 });

    const read = await ok<TLesson>(await send(reader, 'GET', `/api/lessons/${slug}`));
    expect(read).toMatchObject({ title: 'Weeding maize 2 and 5 weeks after sowing', version: 1 });
    expect(read.reviewedBy).toBe(reviewer.user.username);
    const found = await ok<{ data: TLessonSummary[] }>(await send(reader, 'GET', '/api/lessons?q=désherber'));
    expect(found.data.map((l) => l.slug)).toContain(slug);
  });

  it('keeps every published version: the next one is written while readers read the last', async () => {
    const slug = 'authoring-versions';
    await ok(await send(writer, 'POST', '/api/lessons', content(slug)), 201);
    await ok(await send(writer, 'POST', `/api/lessons/${slug}/submit`));
    await ok(await send(manager, 'POST', `/api/lessons/${slug}/review`, { decision: 'approve' }));

    // Another expert starts version 2; readers still read version 1 meanwhile.
    await ok(
      await send(reviewer, 'PATCH', `/api/lessons/${slug}`, { en: text('Weeding maize, second edition') }),
    );
    expect((await send(writer, 'PATCH', `/api/lessons/${slug}`, { readingMinutes: 4 })).statusCode).toBe(404);
    expect((await ok<TLesson>(await send(reader, 'GET', `/api/lessons/${slug}`))).version).toBe(1);
    // The list (which keeps each version's title and summary per instance) shows version 1, then version 2.
    const listed = async () =>
      (await ok<{ data: TLessonSummary[] }>(await send(reader, 'GET', '/api/lessons?q=weeding'))).data.find(
        (l) => l.slug === slug,
      );
    expect(await listed()).toMatchObject({ version: 1, title: 'Weeding maize on time' });
    await ok(await send(reviewer, 'POST', `/api/lessons/${slug}/submit`));
    await ok(await send(writer, 'POST', `/api/lessons/${slug}/review`, { decision: 'approve' }));
    expect(await listed()).toMatchObject({
      version: 2,
      title: 'Weeding maize, second edition',
      summary: 'Weeding maize, second edition, in short',
    });

    const versions = await ok<{ data: { version: number; title: string; reviewedBy: string | null }[] }>(
      await send(reader, 'GET', `/api/lessons/${slug}/versions`),
    );
    expect(versions.data.map((v) => v.version)).toEqual([2, 1]);
    expect(versions.data[1]?.reviewedBy).toBe(manager.user.username);
    expect((await ok<TLesson>(await send(reader, 'GET', `/api/lessons/${slug}`))).version).toBe(2);
  });

  it('publishes once when two reviewers approve at the same moment', async () => {
    const slug = 'authoring-race';
    await ok(await send(writer, 'POST', '/api/lessons', content(slug)), 201);
    await ok(await send(writer, 'POST', `/api/lessons/${slug}/submit`));
    const answers = await Promise.all(
      [reviewer, manager].map((who) =>
        send(who, 'POST', `/api/lessons/${slug}/review`, { decision: 'approve' }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const versions = await ok<{ data: unknown[] }>(
      await send(reader, 'GET', `/api/lessons/${slug}/versions`),
    );
    expect(versions.data).toHaveLength(1);
  });
});

describe('who writes, and what a lesson may say', () => {
  it('lets only managers and named experts write; a manager names and removes experts', async () => {
    const res = await send(reader, 'POST', '/api/lessons', content('authoring-refused'));
    expect(res.statusCode).toBe(403);
    expect((await ok<TLessonDraftList>(await send(reader, 'GET', '/api/lesson-drafts'))).canWrite).toBe(
      false,
    );
    expect((await send(writer, 'PUT', `/api/lesson-experts/${reader.user.id}`)).statusCode).toBe(403);
    expect((await send(manager, 'PUT', '/api/lesson-experts/999999')).statusCode).toBe(404);

    const experts = await ok<{ data: { id: number }[] }>(await send(manager, 'GET', '/api/lesson-experts'));
    expect(experts.data.map((e) => e.id)).toEqual(expect.arrayContaining([writer.user.id, reviewer.user.id]));
    const extra = await userWithRole(t.app, t.ctx, 'buyer');
    expect((await send(manager, 'PUT', `/api/lesson-experts/${extra.user.id}`)).statusCode).toBe(204);
    await ok(await send(extra, 'POST', '/api/lessons', content('authoring-by-named')), 201);
    expect((await send(manager, 'DELETE', `/api/lesson-experts/${extra.user.id}`)).statusCode).toBe(204);
    expect(
      (await send(extra, 'PATCH', '/api/lessons/authoring-by-named', { readingMinutes: 3 })).statusCode,
    ).toBe(403);
  });

  it('refuses a taken address, and markup or script addresses anywhere, storing nothing', async () => {
    expect((await send(writer, 'POST', '/api/lessons', content('maize-planting'))).statusCode).toBe(409);
    const hostile: Partial<TLessonContent>[] = [
      { en: { ...text('Weeding'), title: '<script>alert(1)</script>' } },
      { en: { ...text('Weeding'), summary: 'Click <img src=x onerror=alert(1)>' } },
      { en: { ...text('Weeding'), keySteps: ['&#60;b&#62;', 'Two', 'Three'] } },
      { sources: [{ publisher: 'X', title: 'Y', year: 2020, url: 'javascript:alert(1)' }] },
      { sources: [{ publisher: 'X', title: 'Y', year: 2020, url: 'data:text/html,<b>x</b>' }] },
      {
        fr: {
          ...text('Désherber'),
          sections: [{ kind: 'text', text: '<iframe src="https://evil.example">' }],
        },
      },
    ];
    for (const [i, over] of hostile.entries()) {
      const res = await send(writer, 'POST', '/api/lessons', content(`authoring-hostile-${i}`, over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect((await send(writer, 'GET', `/api/lessons/authoring-hostile-${i}/draft`)).statusCode).toBe(404);
    }
    // A section that is not one of the three kinds (an HTML block) is refused too.
    const html = content('authoring-html', {
      en: { ...text('Weeding'), sections: [{ kind: 'html', html: '<b>x</b>' } as never] },
    });
    expect((await send(writer, 'POST', '/api/lessons', html)).statusCode).toBe(400);
    // Moisture "< 13 %" is text, not markup.
    const fine = content('authoring-less-than', {
      en: { ...text('Drying'), summary: 'Dry to < 13 % moisture' },
    });
    await ok(await send(writer, 'POST', '/api/lessons', fine), 201);
  });
});
