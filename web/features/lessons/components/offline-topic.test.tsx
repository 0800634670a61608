// "Save for offline" for a topic: the size before saving in the reader's words, "Saved for offline" with "Remove"
// once the phone keeps it, nothing where the browser has no Cache API.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lessonsQuery } from '../../../lib/queries/lessons';
import { draw, summary } from '../lessons-test-kit';
import { topicPaths } from '../offline-lessons';
import { topicOnPhoneQuery, topicSizeQuery } from '../use-offline-topic';
import { OfflineTopic } from './offline-topic';

const lessons = [summary(), summary({ slug: 'fall-armyworm' })];
const paths = topicPaths(
  'pests_diseases',
  lessons.map((lesson) => lesson.slug),
);

const drawTopic = (kept: { saved: boolean; bytes: number }, language: 'en' | 'fr' = 'en') =>
  draw(<OfflineTopic topic="pests_diseases" />, {
    language,
    cache: [
      [lessonsQuery({ topic: 'pests_diseases' }, language).queryKey, lessons],
      [topicOnPhoneQuery('pests_diseases').queryKey, { ...kept, paths: kept.saved ? paths : [] }],
      [topicSizeQuery(paths).queryKey, 11_000],
    ],
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OfflineTopic', () => {
  it('says what saving the topic takes on the phone, in kilobytes rounded up, before saving', async () => {
    vi.stubGlobal('caches', {});
    const { text, missing } = await drawTopic({ saved: false, bytes: 0 });
    expect(missing).toEqual([]);
    expect(text).toContain(
      "Keep this topic's lessons on this phone to read them without a connection: about 11 KB.",
    );
    expect(text).toContain('Save for offline');
  });

  it('says in French that the topic is kept, with its size, and offers to remove it', async () => {
    vi.stubGlobal('caches', {});
    const { html, text, missing } = await drawTopic({ saved: true, bytes: 4_200 }, 'fr');
    expect(missing).toEqual([]);
    expect(text).toContain('✓ Gardées hors ligne · environ 5 Ko');
    // The number and its unit kept on one line.
    expect(html).toContain('environ 5\u00a0Ko');
    expect(text).toContain('Retirer');
    expect(html).toContain('aria-label="Ravageurs et maladies sur ce téléphone"');
    expect(html).not.toContain('Garder hors ligne');
  });

  it('draws nothing where the browser cannot keep answers', async () => {
    const { html } = await drawTopic({ saved: false, bytes: 0 });
    expect(html).toBe('');
  });
});
