// Hostile lesson bodies, generated: markup or a script address put into any text of a lesson (a title, a step, a
// do / don't line, a source) is refused and stores nothing; any other text that is accepted is stored and answered
// as the same plain text, which never reads as markup. What a lesson holds can only ever be shown as text.

import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLessonDraft } from '../../contract/lesson-authoring';
import { rowsOf } from '../db/client';
import { userWithRole } from '../test/factories';
import { call, createTestApp, type Session, type TestApp } from '../test/harness';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
let t: TestApp;
let writer: Session;

beforeAll(async () => {
  t = await createTestApp();
  writer = await userWithRole(t.app, t.ctx, 'manager');
});
afterAll(() => t.close());

const base = () => ({
  slug: 'fuzz-lesson',
  topic: 'post_harvest',
  crops: ['maize'],
  stages: [],
  readingMinutes: 2,
  sources: [{ publisher: 'FAO', title: 'Grain storage', year: 2011, url: 'https://www.fao.org/' }],
  en: {
    title: 'Drying maize',
    summary: 'Dry the grain before storing it',
    sections: [
      { kind: 'text', heading: 'Why', text: 'Wet grain moulds.' },
      { kind: 'steps', steps: ['Spread the cobs', 'Turn them'] },
      { kind: 'do_dont', do: ['Use a tarpaulin'], dont: ['Dry on bare soil'] },
    ],
    keySteps: ['Spread', 'Turn', 'Test'],
  },
});

type Body = ReturnType<typeof base>;
/** Every text a lesson carries, as a setter on a fresh body. */
const TEXTS: ((b: Body, v: string) => void)[] = [
  (b, v) => {
    b.en.title = v;
  },
  (b, v) => {
    b.en.summary = v;
  },
  (b, v) => {
    b.en.keySteps[1] = v;
  },
  (b, v) => {
    b.en.sections[0] = { kind: 'text', heading: v, text: 'Wet grain moulds.' };
  },
  (b, v) => {
    b.en.sections[0] = { kind: 'text', heading: 'Why', text: v };
  },
  (b, v) => {
    b.en.sections[1] = { kind: 'steps', steps: ['Spread', v] };
  },
  (b, v) => {
    b.en.sections[2] = { kind: 'do_dont', do: [v], dont: ['Dry on bare soil'] };
  },
  (b, v) => {
    b.sources[0] = { publisher: v, title: 'Grain storage', year: 2011, url: 'https://www.fao.org/' };
  },
  (b, v) => {
    b.sources[0] = { publisher: 'FAO', title: 'Grain storage', year: 2011, url: v };
  },
];

const MARKUP = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<!-- x -->',
  '</p><p>',
  '&lt;b&gt;',
  '&#x3C;script&#x3E;',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html;base64,PHNjcmlwdD4=',
  '<a href="javascript:alert(1)">PIN</a>',
];

async function stored(): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from lessons`));
  return Number(row?.n);
}

describe('hostile lesson bodies', () => {
  it('refuses markup or a script address in any text, and stores nothing', async () => {
    const before = await stored();
    await fc.assert(
      fc.asyncProperty(
        fc.nat(TEXTS.length - 1),
        fc.constantFrom(...MARKUP),
        fc.string({ maxLength: 10 }),
        async (at, hostile, around) => {
          const body = base();
          TEXTS[at]?.(body, `${around}${hostile}${around}`);
          const res = await call(t.app, writer.cookie, {
            method: 'POST',
            url: '/api/lessons',
            payload: body,
          });
          expect(res.statusCode, res.body).toBe(400);
        },
      ),
      { numRuns: RUNS },
    );
    expect(await stored()).toBe(before);
  });

  it('stores any other accepted text as the plain text it is', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.nat(TEXTS.length - 2),
        fc.string({ minLength: 1, maxLength: 60, unit: 'binary' }),
        async (at, v) => {
          const body = { ...base(), slug: `fuzz-plain-${n++}` };
          TEXTS[at]?.(body, v);
          const res = await call(t.app, writer.cookie, {
            method: 'POST',
            url: '/api/lessons',
            payload: body,
          });
          expect([201, 400], res.body).toContain(res.statusCode);
          if (res.statusCode === 201) {
            const draft = res.json<TLessonDraft>();
            expect(JSON.stringify(draft.content)).not.toMatch(/<[a-z!?/]|javascript:/i);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});
