// The Learning Center's list: "For your crops now" shown only when lessons fit, the topic the address names pressed
// and asked for, each card's reading time, topic and progress, and the note of a lesson not in the reader's language.
import { describe, expect, it } from 'vitest';
import { lessonsQuery } from '../../../lib/queries/lessons';
import { draw, summary } from '../lessons-test-kit';
import { LearningCenterPage } from './learning-center-page';

const blight = summary();
const fallArmyworm = summary({
  slug: 'fall-armyworm',
  title: 'Fall armyworm in maize',
  crops: ['maize'],
  progress: { openedAt: '2026-11-21T08:00:00.000Z', finishedAt: '2026-11-21T08:04:00.000Z' },
});
const drying = summary({
  slug: 'drying-maize',
  topic: 'post_harvest',
  title: 'Drying maize to 13 %',
  progress: { openedAt: '2026-11-22T08:00:00.000Z', finishedAt: null },
});

const pressed = (html: string) =>
  [...html.matchAll(/aria-pressed="true"[^>]*>([^<]+)</g)].map((match) => match[1]);

describe('LearningCenterPage', () => {
  it('lists the topic the address names, with that chip pressed, and hides an empty "For your crops now"', async () => {
    const { html, text, missing } = await draw(<LearningCenterPage />, {
      search: 'topic=pests_diseases',
      cache: [
        [lessonsQuery({ topic: 'pests_diseases', q: '' }, 'en').queryKey, [blight, fallArmyworm]],
        [lessonsQuery({}, 'en').queryKey, [blight, fallArmyworm, drying]],
        [lessonsQuery({ forMe: true }, 'en').queryKey, []],
      ],
    });
    expect(missing).toEqual([]);
    expect(html.match(/data-testid="lesson-topic"/g)).toHaveLength(8);
    expect(pressed(html)).toEqual(['Pests and diseases']);
    expect(html.match(/data-testid="lesson-card"/g)).toHaveLength(2);
    expect(text).toContain('How to spot late blight');
    // The list holds the topic's lessons only (drying, opened, is in "Recently read" above it).
    expect(html.slice(html.indexOf('id="lessons-list"'))).not.toContain('Drying maize');
    expect(html).toContain('href="/education/fall-armyworm"');
    expect(text).toContain('3 min read');
    expect(text).toContain('Finished');
    expect(html).not.toContain('lessons-for-you');
    expect(html).not.toContain('lesson-only-in');
  });

  it('shows every lesson with "All topics" pressed, the lessons for the crops now, and "Read" for one opened', async () => {
    const { html, text } = await draw(<LearningCenterPage />, {
      cache: [
        [lessonsQuery({ q: '' }, 'en').queryKey, [blight, fallArmyworm, drying]],
        [lessonsQuery({ forMe: true }, 'en').queryKey, [drying]],
      ],
    });
    expect(pressed(html)).toEqual(['All topics']);
    expect(html.match(/data-testid="lesson-card"/g)).toHaveLength(3);
    expect(html).toContain('data-testid="lessons-for-you"');
    expect(text).toContain('For your crops now');
    expect(text).toContain('Read');
    expect(html).toContain('type="search"');
  });

  it('says in French when a lesson is only in English, and names the topics in French', async () => {
    const english = summary({ slug: 'grading-maize', topic: 'marketing', title: 'Grading maize' });
    const french = summary({
      slug: 'momo-pin',
      topic: 'money',
      language: 'fr',
      title: 'Ne partagez jamais votre code',
    });
    const { html, text, missing } = await draw(<LearningCenterPage />, {
      language: 'fr',
      cache: [
        [lessonsQuery({ q: '' }, 'fr').queryKey, [english, french]],
        [lessonsQuery({ forMe: true }, 'fr').queryKey, []],
      ],
    });
    expect(missing).toEqual([]);
    expect(html.match(/data-testid="lesson-only-in"/g)).toHaveLength(1);
    expect(text).toContain('En anglais seulement');
    expect(html).toContain('lang="en"');
    expect(text).toContain('Tous les sujets');
    expect(text).toContain('Ravageurs et maladies');
    expect(text).toContain('3 min de lecture');
  });

  it('shows "Recently read": the lessons opened, the last opened first, four at most', async () => {
    const opened = (slug: string, day: number) =>
      summary({
        slug,
        title: `Lesson ${slug}`,
        progress: { openedAt: `2026-11-${day}T08:00:00.000Z`, finishedAt: null },
      });
    const lessons = [
      opened('a', 10),
      blight,
      opened('b', 14),
      opened('c', 12),
      opened('d', 11),
      opened('e', 13),
    ];
    const { html, text, missing } = await draw(<LearningCenterPage />, {
      language: 'fr',
      cache: [
        [lessonsQuery({ q: '' }, 'fr').queryKey, lessons],
        [lessonsQuery({ forMe: true }, 'fr').queryKey, []],
      ],
    });
    expect(missing).toEqual([]);
    const recent = html.slice(html.indexOf('data-testid="lessons-recent"'), html.indexOf('</section>'));
    expect([...recent.matchAll(/href="\/education\/([a-z-]+)"/g)].map((m) => m[1])).toEqual([
      'b',
      'e',
      'c',
      'd',
    ]);
    expect(text).toContain('Lues récemment');
  });

  it('shows no "Recently read" before a first lesson is opened', async () => {
    const { html } = await draw(<LearningCenterPage />, {
      cache: [
        [lessonsQuery({ q: '' }, 'en').queryKey, [blight]],
        [lessonsQuery({ forMe: true }, 'en').queryKey, []],
      ],
    });
    expect(html).not.toContain('lessons-recent');
    expect(html).toContain('data-testid="lesson-card"');
  });

  it('waits for the strips above the topics before drawing them (they would push the list down)', async () => {
    const { html } = await draw(<LearningCenterPage />, {
      cache: [[lessonsQuery({ q: '' }, 'en').queryKey, [blight]]],
    });
    expect(html).not.toContain('data-testid="lesson-topic"');
    expect(html).not.toContain('data-testid="lesson-card"');
  });

  it('says when no lesson matches', async () => {
    const { text } = await draw(<LearningCenterPage />, {
      cache: [
        [lessonsQuery({ q: '' }, 'en').queryKey, []],
        [lessonsQuery({ forMe: true }, 'en').queryKey, []],
      ],
    });
    expect(text).toContain('No lesson matches this search.');
  });
});
