// The link to the lesson that fits a moment of the app: its title from the cached list of published lessons, in
// the reader's language, nothing for a slug that is not published, and an empty line of its height before the list is
// known (so that the link arriving does not push down what follows).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { TLessonSummary } from '../../contract/lessons';
import { lessonsQuery } from '../lib/queries/lessons';
import enLessons from '../locales/en/lessons.json';
import frLessons from '../locales/fr/lessons.json';
import { LessonLink } from './lesson-link';

const blight: TLessonSummary = {
  id: 7,
  slug: 'late-blight',
  topic: 'pests_diseases',
  crops: ['tomato'],
  stages: [],
  readingMinutes: 3,
  language: 'fr',
  title: 'Reconnaître le mildiou',
  summary: 'Des taches brunes après des nuits fraîches et humides.',
  version: 1,
  publishedAt: '2026-11-20T09:00:00.000Z',
  progress: null,
};

async function drawLink(slug: string, lessons: TLessonSummary[] | null) {
  const translator = i18next.createInstance();
  await translator.use(initReactI18next).init({
    lng: 'fr',
    fallbackLng: false,
    resources: { en: { lessons: enLessons }, fr: { lessons: frLessons } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const client = new QueryClient();
  if (lessons) {
    client.setQueryData(lessonsQuery({}, 'fr').queryKey, lessons);
  }
  return renderToStaticMarkup(
    <I18nextProvider i18n={translator}>
      <QueryClientProvider client={client}>
        <Router ssrPath="/farms">
          <LessonLink slug={slug} />
        </Router>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('LessonLink', () => {
  it('links a published lesson by its title', async () => {
    const html = await drawLink('late-blight', [blight]);
    expect(html).toContain('href="/education/late-blight"');
    expect(html).toContain('📖 Reconnaître le mildiou');
  });

  it('draws nothing for a slug that is not published, and keeps its place before the lessons are known', async () => {
    expect(await drawLink('maize-top-dressing', [blight])).toBe('');
    const pending = await drawLink('late-blight', null);
    expect(pending).toContain('data-testid="lesson-link-pending"');
    expect(pending).toContain('aria-hidden="true"');
    expect(pending).not.toContain('href=');
  });
});
