import { describe, expect, it } from 'vitest';
import { lessonDraftQuery } from '../../../lib/queries/lesson-authoring';
import { draft, draw } from '../authoring-test-kit';
import { DraftPage, NewLessonScreen } from './lesson-editor-page';

const drawDraft = (value = draft(), language: 'en' | 'fr' = 'fr') =>
  draw(<DraftPage slug={value.slug} />, {
    language,
    cache: [[lessonDraftQuery(value.slug).queryKey, value]],
    path: `/education/write/${value.slug}`,
  });

describe('the lesson editor', () => {
  it('fills the author’s working copy into the form, with its preview and both actions', async () => {
    const { html, text, missing } = await drawDraft();
    expect(missing).toEqual([]);
    expect(text).toContain('Modifier : Désherber le manioc');
    expect(text).toContain('Brouillon');
    expect(html).toContain('value="Désherber à 3 semaines"');
    // Lists are typed one item per line; the preview shows them as a reader will.
    expect(html).toContain('Sarcler entre les lignes\nLaisser les herbes sécher');
    expect(html).toContain('data-testid="lesson-preview"');
    expect(text).toContain('Enregistrer');
    expect(text).toContain('Envoyer en relecture');
    // The address is set once: a working copy's cannot be typed.
    expect(html).not.toContain('id="lesson-slug"');
    // Crops by the app's names, the lesson's ticked.
    expect(html).toMatch(/checked=""[^>]*\/>Manioc/);
  });

  it('shows the author why a reviewer sent it back', async () => {
    const sentBack = draft({
      reviews: [
        {
          reviewer: 'claire',
          decision: 'send_back',
          comment: 'Citez la date du 2e sarclage.',
          at: '2026-11-27T11:00:00Z',
        },
      ],
    });
    const { text } = await drawDraft(sentBack);
    expect(text).toContain('Relectures');
    expect(text).toContain("claire l'a renvoyée");
    expect(text).toContain('Citez la date du 2e sarclage.');
  });

  it('gives another expert the review, and the lesson as readers will see it, not a form', async () => {
    const inReview = draft({ state: 'in_review', can: { edit: false, submit: false, review: true } });
    const { html, text } = await drawDraft(inReview);
    expect(text).toContain('En relecture');
    expect(text).toContain('Votre relecture');
    expect(text).toContain('Approuver et publier');
    expect(text).toContain("Renvoyer à l'auteur");
    expect(html).not.toContain('data-testid="lesson-editor"');
    expect(text).toContain('Désherber le manioc');
  });

  it('lists the published versions of a lesson that has some', async () => {
    const published = draft({ state: 'published', version: 2, reviews: [] });
    const { html, text } = await drawDraft(published, 'en');
    expect(text).toContain('Published now: version 2');
    expect(html).toContain('data-testid="lesson-versions"');
  });

  it('writes user text as text, never as markup', async () => {
    const hostile = draft();
    if (hostile.content.fr) {
      hostile.content.fr.summary = '<img src=x onerror=alert(1)>';
    }
    const { html } = await drawDraft(hostile);
    expect(html).not.toContain('<img src=x');
  });

  it('starts a new lesson in the writer’s language, its address to type', async () => {
    const { html, text, missing } = await draw(<NewLessonScreen />, {
      language: 'en',
      path: '/education/write/new',
    });
    expect(missing).toEqual([]);
    expect(text).toContain('New lesson');
    expect(html).toContain('id="lesson-slug"');
    expect(html).toContain('id="en-title"');
    expect(text).not.toContain('Submit for review');
  });
});
