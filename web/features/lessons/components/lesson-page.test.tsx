// One lesson's page: the key steps first, each kind of section, the sources (linked when they have a web address),
// who reviewed it and its version, "Mark as finished" or that it is finished; and text an author typed as markup
// drawn as the characters typed, never as an element.
import { describe, expect, it } from 'vitest';
import { lessonQuery } from '../../../lib/queries/lesson';
import { draw, lesson } from '../lessons-test-kit';
import { LessonPage } from './lesson-page';

const drawLesson = (shown = lesson(), language: 'en' | 'fr' = 'en') =>
  draw(<LessonPage slug={shown.slug} />, {
    language,
    path: `/education/${shown.slug}`,
    cache: [[lessonQuery(shown.slug, language).queryKey, shown]],
  });

const HOSTILE = '<img src=x onerror=alert(1)>';

describe('LessonPage', () => {
  it('draws the title, reading time, key steps and each section kind: a paragraph, steps in order, do / don’t', async () => {
    const { html, text, missing } = await drawLesson();
    expect(missing).toEqual([]);
    expect(html).toMatch(/<h1[^>]*>How to spot late blight<\/h1>/);
    expect(text).toContain('3 min read');
    expect(html).toMatch(
      /data-testid="lesson-key-steps".*<ol[^>]*><li>Scout twice a week<\/li><li>Remove sick leaves<\/li><li>Spray before rain<\/li><\/ol>/,
    );
    expect(html).toMatch(
      /<h2[^>]*>What it looks like<\/h2><p[^>]*>Brown patches spread fast in wet weather.<\/p>/,
    );
    expect(html).toMatch(/<ol[^>]*><li>Walk the rows twice a week<\/li><li>Remove sick leaves<\/li><\/ol>/);
    // Two columns from a tablet up, stacked on a phone.
    expect(html).toMatch(/class="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="lesson-do-dont"/);
    expect(text).toMatch(/Do ✓ Stake the plants Don't ✗ Water the leaves in the evening/);
  });

  it('cites each source (a link when it has a web address), the reviewer, the version and its date', async () => {
    const { html, text } = await drawLesson();
    expect(html).toContain(
      '<a href="https://www.fao.org/example" target="_blank" rel="noopener noreferrer" class="text-brand-800 underline">FAO (2016), Tomato integrated pest management</a>',
    );
    expect(html).toContain('<li>CABI Plantwise, Late blight factsheet</li>');
    expect(text).toContain('Reviewed by Dr Mbah');
    expect(text).toContain('Version 2, published on Nov 20, 2026');
  });

  it('offers "Mark as finished", and says the lesson is finished once it is', async () => {
    const unfinished = await drawLesson();
    expect(unfinished.html).toContain('data-testid="lesson-finish"');
    expect(unfinished.text).toContain('Mark as finished');
    const finished = await drawLesson(
      lesson({ progress: { openedAt: '2026-11-21T08:00:00.000Z', finishedAt: '2026-11-21T08:05:00.000Z' } }),
    );
    expect(finished.html).not.toContain('data-testid="lesson-finish"');
    expect(finished.text).toContain('You finished this lesson');
  });

  it('draws it in French, naming an English-only lesson as such', async () => {
    const { text, missing } = await drawLesson(lesson({ languages: ['en'], reviewedBy: null }), 'fr');
    expect(missing).toEqual([]);
    expect(text).toContain('En anglais seulement');
    expect(text).toContain('Les 3 étapes clés');
    expect(text).toContain('À faire');
    expect(text).toContain('Marquer comme terminée');
    expect(text).toContain('publiée le 20 nov. 2026');
    expect(text).not.toContain('Relue par');
  });

  it('shows a hostile text as the characters typed, and never links a script address', async () => {
    const hostile = lesson({
      title: HOSTILE,
      summary: HOSTILE,
      keySteps: [HOSTILE, HOSTILE, HOSTILE],
      sections: [
        { kind: 'text', heading: HOSTILE, text: HOSTILE },
        { kind: 'steps', steps: [HOSTILE] },
        { kind: 'do_dont', do: [HOSTILE], dont: [HOSTILE] },
      ],
      sources: [{ publisher: HOSTILE, title: HOSTILE, year: null, url: 'javascript:alert(1)' }],
      reviewedBy: HOSTILE,
    });
    const { html } = await drawLesson(hostile);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toContain('javascript:');
    // Title, summary, 3 key steps, heading, text, a step, do, don't, the source's publisher and title, the reviewer.
    expect(html.split('&lt;img src=x onerror=alert(1)&gt;').length - 1).toBe(13);
  });
});
