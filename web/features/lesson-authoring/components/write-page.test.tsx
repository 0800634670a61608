import { describe, expect, it } from 'vitest';
import type { TLessonDraftList } from '../../../../contract/lesson-authoring';
import { lessonDraftsQuery, lessonExpertsQuery } from '../../../lib/queries/lesson-authoring';
import { lessonsQuery } from '../../../lib/queries/lessons';
import { draw } from '../authoring-test-kit';
import { WritePage } from './write-page';

const list: TLessonDraftList = {
  canWrite: true,
  data: [
    {
      slug: 'cassava-weeding',
      title: 'Désherber le manioc',
      state: 'draft',
      author: 'fatou',
      mine: true,
      updatedAt: '2026-11-27T10:00:00Z',
    },
    {
      slug: 'cocoa-pruning',
      title: 'Tailler le cacaoyer',
      state: 'in_review',
      author: 'moussa',
      mine: false,
      updatedAt: '2026-11-26T10:00:00Z',
    },
  ],
};

const drawPage = (value: TLessonDraftList, role: 'agent' | 'manager' = 'agent') =>
  draw(<WritePage />, {
    language: 'fr',
    role,
    cache: [
      [lessonDraftsQuery().queryKey, value],
      [lessonsQuery({}, 'fr').queryKey, []],
      [lessonExpertsQuery().queryKey, [{ id: 5, name: 'fatou', namedAt: '2026-11-20T10:00:00Z' }]],
    ],
  });

describe('the writing page', () => {
  it('puts the lessons to review first, then the writer’s own drafts, and a way to start one', async () => {
    const { text, missing } = await drawPage(list);
    expect(missing).toEqual([]);
    expect(text).toContain('Nouvelle leçon');
    const review = text.indexOf('À relire');
    const mine = text.indexOf('Vos brouillons');
    expect(review).toBeGreaterThan(-1);
    expect(text.indexOf('Tailler le cacaoyer')).toBeGreaterThan(review);
    expect(text.indexOf('Tailler le cacaoyer')).toBeLessThan(mine);
    expect(text.indexOf('Désherber le manioc')).toBeGreaterThan(mine);
    // Only managers name experts.
    expect(text).not.toContain('Les experts');
  });

  it('tells a reader who may not write why there is nothing to write', async () => {
    const { text } = await drawPage({ canWrite: false, data: [] });
    expect(text).toContain('Seuls les gestionnaires');
    expect(text).not.toContain('Nouvelle leçon');
  });

  it('gives a manager the experts they named', async () => {
    const { html, text } = await drawPage(list, 'manager');
    expect(html).toContain('data-testid="lesson-experts"');
    expect(text).toContain('fatou');
    expect(text).toContain('Retirer fatou');
  });
});
