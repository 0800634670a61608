// Test helpers for the lessons' screens: sample answers of the API and a drawing of a screen, in either language,
// from a query cache filled beforehand (the screens' wiring and words are under test, not the network).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Router } from 'wouter';
import type { TLesson, TLessonSummary } from '../../../contract/lessons';
import { userQuery } from '../../lib/session';
import enLessons from '../../locales/en/lessons.json';
import frLessons from '../../locales/fr/lessons.json';

export const summary = (overrides: Partial<TLessonSummary> = {}): TLessonSummary => ({
  id: 7,
  slug: 'late-blight',
  topic: 'pests_diseases',
  crops: ['tomato'],
  stages: [],
  readingMinutes: 3,
  language: 'en',
  title: 'How to spot late blight',
  summary: 'Dark patches on leaves after cool wet nights.',
  version: 2,
  publishedAt: '2026-11-20T09:00:00.000Z',
  progress: null,
  ...overrides,
});

export const lesson = (overrides: Partial<TLesson> = {}): TLesson => ({
  ...summary(),
  sections: [
    { kind: 'text', heading: 'What it looks like', text: 'Brown patches spread fast in wet weather.' },
    { kind: 'steps', heading: 'What to do', steps: ['Walk the rows twice a week', 'Remove sick leaves'] },
    { kind: 'do_dont', do: ['Stake the plants'], dont: ['Water the leaves in the evening'] },
  ],
  keySteps: ['Scout twice a week', 'Remove sick leaves', 'Spray before rain'],
  sources: [
    {
      publisher: 'FAO',
      title: 'Tomato integrated pest management',
      year: 2016,
      url: 'https://www.fao.org/example',
    },
    { publisher: 'CABI Plantwise', title: 'Late blight factsheet', year: null, url: null },
  ],
  languages: ['en', 'fr'],
  reviewedBy: 'Dr Mbah',
  ...overrides,
});

/** A drawn screen: its markup, its text as read (tags out, entities back), and the keys it found missing. */
export interface Drawn {
  html: string;
  text: string;
  missing: string[];
}

export async function draw(
  node: ReactNode,
  {
    language = 'en',
    cache = [],
    path = '/education',
    search = '',
  }: {
    language?: 'en' | 'fr';
    cache?: [readonly unknown[], unknown][];
    path?: string;
    search?: string;
  } = {},
): Promise<Drawn> {
  const missing: string[] = [];
  const translator = i18next.createInstance();
  await translator.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { en: { lessons: enLessons }, fr: { lessons: frLessons } },
    defaultNS: 'lessons',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) => {
      missing.push(`${namespace}:${key}`);
    },
  });
  const client = new QueryClient();
  client.setQueryData(userQuery().queryKey, { id: 1, username: 'amina' } as never);
  for (const [key, value] of cache) {
    client.setQueryData(key, value);
  }
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={translator}>
      <QueryClientProvider client={client}>
        <Router ssrPath={path} ssrSearch={search}>
          {node}
        </Router>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  const text = html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
  return { html, text, missing };
}
