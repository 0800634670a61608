// Test helpers for the authoring screens: a working copy as the API answers it, and a drawing of a screen in either
// language from a query cache filled beforehand (the screens' wiring and words are under test, not the network).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Router } from 'wouter';
import type { TUser } from '../../../contract/auth';
import type { TLessonDraft } from '../../../contract/lesson-authoring';
import { userQuery } from '../../lib/session';
import enAgronomy from '../../locales/en/agronomy.json';
import enAuthoring from '../../locales/en/lesson-authoring.json';
import enLessons from '../../locales/en/lessons.json';
import frAgronomy from '../../locales/fr/agronomy.json';
import frAuthoring from '../../locales/fr/lesson-authoring.json';
import frLessons from '../../locales/fr/lessons.json';

export const draft = (overrides: Partial<TLessonDraft> = {}): TLessonDraft => ({
  id: 21,
  slug: 'cassava-weeding',
  state: 'draft',
  content: {
    slug: 'cassava-weeding',
    topic: 'crops',
    crops: ['cassava'],
    stages: ['initial'],
    readingMinutes: 3,
    sources: [{ publisher: 'IITA', title: 'Cassava weed management', year: 2016, url: 'https://iita.org/x' }],
    fr: {
      title: 'Désherber le manioc',
      summary: 'Les trois premiers mois décident de la récolte.',
      keySteps: ['Désherber à 3 semaines', 'Puis à 8 semaines', 'Puis à 12 semaines'],
      sections: [
        { kind: 'text', heading: 'Pourquoi', text: 'Les mauvaises herbes volent la lumière.' },
        { kind: 'steps', steps: ['Sarcler entre les lignes', 'Laisser les herbes sécher'] },
        { kind: 'do_dont', do: ['Sarcler tôt'], dont: ['Blesser les tiges'] },
      ],
    },
  },
  author: { id: 5, name: 'fatou' },
  version: 0,
  publishedAt: null,
  updatedAt: '2026-11-27T10:00:00.000Z',
  reviews: [],
  can: { edit: true, submit: true, review: false },
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
    path = '/education/write',
    role = 'agent',
  }: {
    language?: 'en' | 'fr';
    cache?: [readonly unknown[], unknown][];
    path?: string;
    role?: TUser['role'];
  } = {},
): Promise<Drawn> {
  const missing: string[] = [];
  const translator = i18next.createInstance();
  await translator.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: {
      en: { 'lesson-authoring': enAuthoring, lessons: enLessons, agronomy: enAgronomy },
      fr: { 'lesson-authoring': frAuthoring, lessons: frLessons, agronomy: frAgronomy },
    },
    defaultNS: 'lesson-authoring',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) => {
      missing.push(`${namespace}:${key}`);
    },
  });
  const client = new QueryClient();
  client.setQueryData(userQuery().queryKey, { id: 5, username: 'fatou', role } as TUser);
  for (const [key, value] of cache) {
    client.setQueryData(key, value);
  }
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={translator}>
      <QueryClientProvider client={client}>
        <Router ssrPath={path}>{node}</Router>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  const text = html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
  return { html, text, missing };
}
