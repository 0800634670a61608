// Test helpers for the Events tab: sample answers of the API and a drawing of a part of the tab, in either language,
// for a reader of a given role, from a query cache filled beforehand (the wiring and the words are under test).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Router } from 'wouter';
import type { TCalendarEvent } from '../../../contract/calendar';
import type { Role } from '../../../contract/constants';
import type { TGroup } from '../../../contract/groups';
import { groupsQuery } from '../../lib/queries/groups';
import { userQuery } from '../../lib/session';
import enCalendar from '../../locales/en/calendar.json';
import enCommon from '../../locales/en/common.json';
import enOutbox from '../../locales/en/outbox.json';
import frCalendar from '../../locales/fr/calendar.json';
import frCommon from '../../locales/fr/common.json';
import frOutbox from '../../locales/fr/outbox.json';

export const sampleEvent = (overrides: Partial<TCalendarEvent> = {}): TCalendarEvent => ({
  id: 12,
  kind: 'field_day',
  title: 'Maize field day at Baleng',
  description: 'Walk the plots that tried the new spacing.',
  // Local times (no zone): the test reads the same hours in any time zone.
  startsAt: '2099-12-03T09:00:00',
  endsAt: '2099-12-03T12:30:00',
  place: { name: 'Baleng demonstration plot', latitude: null, longitude: null },
  group: null,
  organiser: { id: 4, username: 'fatou' },
  capacity: null,
  lessons: [],
  cancelled: false,
  counts: { yes: 14, no: 2, maybe: 5 },
  myAnswer: null,
  mayManage: false,
  mayCheckIn: false,
  attended: 0,
  minutes: null,
  ...overrides,
});

/** A group as GET /api/groups?mine=true lists it, with the reader's place in it. */
export const sampleGroup = (id: number, name: string, role: 'admin' | 'member'): TGroup => ({
  id,
  name,
  kind: 'cooperative',
  description: '',
  region: 'West',
  visibility: 'members',
  crops: ['Maize'],
  memberCount: 30,
  levyPercent: 5,
  transportPerTon: 0,
  gradeDifferentials: { A: 0, B: 0, C: 0 },
  account: null,
  me: { role, status: 'active' },
  can: { read: true, post: true, manage: role === 'admin', keep: role === 'admin' },
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** A drawn part: its markup, its text as read (tags out, entities back), and the keys it found missing. */
export interface Drawn {
  html: string;
  text: string;
  missing: string[];
}

export async function draw(
  node: ReactNode,
  {
    language = 'en',
    role = 'farmer',
    groups = [],
    cache = [],
    search = '',
  }: {
    language?: 'en' | 'fr';
    role?: Role;
    /** The reader's own groups (what the announce button reads). */
    groups?: TGroup[];
    cache?: [readonly unknown[], unknown][];
    search?: string;
  } = {},
): Promise<Drawn> {
  const missing: string[] = [];
  const translator = i18next.createInstance();
  await translator.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: {
      en: { calendar: enCalendar, common: enCommon, outbox: enOutbox },
      fr: { calendar: frCalendar, common: frCommon, outbox: frOutbox },
    },
    defaultNS: 'calendar',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) => {
      missing.push(`${namespace}:${key}`);
    },
  });
  const client = new QueryClient();
  client.setQueryData(userQuery().queryKey, { id: 1, username: 'amina', role } as never);
  client.setQueryData(groupsQuery({ mine: true }).queryKey, {
    pages: [{ items: groups, nextCursor: null }],
    pageParams: [null],
  });
  for (const [key, value] of cache) {
    client.setQueryData(key, value);
  }
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={translator}>
      <QueryClientProvider client={client}>
        <Router ssrPath="/network" ssrSearch={search}>
          {node}
        </Router>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  const text = html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
  return { html, text, missing };
}
