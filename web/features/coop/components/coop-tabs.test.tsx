// The co-operative tabs: who sees which, and each tab drawn from sample answers in both languages with no text
// missing from the catalogues (a key the screens ask for and neither catalogue has fails here, not on a phone).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next, { type i18n } from 'i18next';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type {
  TBulkLot,
  TCoopBooks,
  TGroup,
  TIntake,
  TMemberStatement,
  TSettlement,
} from '../../../../contract/groups';
import {
  activeMembersQuery,
  booksQuery,
  bulkLotsQuery,
  coopStoresQuery,
  creditsQuery,
  intakesQuery,
  settlementQuery,
  settlementsQuery,
  statementQuery,
} from '../../../lib/queries/coop';
import enCommon from '../../../locales/en/common.json';
import enCoop from '../../../locales/en/coop.json';
import frCommon from '../../../locales/fr/common.json';
import frCoop from '../../../locales/fr/coop.json';
import { coopTabs } from '../coop-tabs';
import { BooksTab } from './books-tab';
import { BroadcastTab } from './broadcast-tab';
import { CreditTab } from './credit-tab';
import { IntakesTab } from './intakes-tab';
import { LotsTab } from './lots-tab';
import { SettlementPanel } from './settlement-panel';
import { SettlementsTab } from './settlements-tab';
import { StatementTab } from './statement-tab';

const group = (overrides: Partial<TGroup> = {}): TGroup => ({
  id: 7,
  name: 'Coop Menoua',
  kind: 'cooperative',
  description: '',
  region: 'Ouest',
  visibility: 'members',
  crops: ['Maize'],
  memberCount: 3,
  levyPercent: 5,
  transportPerTon: 1000,
  gradeDifferentials: { A: 0, B: -500, C: -1000 },
  account: { id: 90, username: 'coop-menoua' },
  me: { role: 'admin', status: 'active' },
  can: { read: true, post: true, manage: true, keep: true },
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const amina = { id: 12, username: 'amina' };
const intake = (id: number, overrides: Partial<TIntake> = {}): TIntake => ({
  id,
  member: amina,
  crop: 'Maize',
  grade: 'B',
  moisture: 13,
  quantity: 0.3,
  bags: 6,
  store: { id: 4, name: 'Magasin Menoua' },
  lotId: 30,
  date: '2026-11-12',
  reference: '8F3K',
  reversalOf: null,
  reversedBy: null,
  reason: null,
  recordedBy: { id: 2, username: 'moussa' },
  createdAt: '2026-11-12T08:00:00.000Z',
  ...overrides,
});
const lot: TBulkLot = {
  lotId: 30,
  crop: 'Maize',
  grade: 'B',
  store: { id: 4, name: 'Magasin Menoua', kind: 'coop' },
  quantity: 12.4,
  reserved: 0,
  delivered: 12.4,
  members: 2,
  open: true,
  contributions: [{ member: amina, quantity: 0.3 }],
};
const settlement: TSettlement = {
  id: 3,
  status: 'approved',
  orders: [55],
  lots: [30],
  proceeds: 100_000,
  levyPercent: 5,
  transportPerTon: 1000,
  prices: [{ grade: 'B', price: 250_000 }],
  totals: { gross: 100_000, levy: 5_000, credit: 1_000, transport: 300, net: 93_700 },
  shares: [
    {
      member: amina,
      delivered: [{ grade: 'B', quantity: 0.3 }],
      gross: 60_000,
      levy: 3_000,
      credit: 1_000,
      transport: 300,
      net: 55_700,
      payout: { status: 'failed', reference: 'P-1', moveId: 1 },
    },
    {
      member: { id: 13, username: 'moussa' },
      delivered: [{ grade: 'B', quantity: 0.1 }],
      gross: 40_000,
      levy: 2_000,
      credit: 0,
      transport: 0,
      net: 38_000,
      payout: { status: 'cash_due', reference: null, moveId: null },
    },
  ],
  approvedBy: { id: 1, username: 'admin' },
  approvedAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-19T10:00:00.000Z',
};
const books: TCoopBooks = {
  balances: [{ account: 'income:levies', balance: 5_000 }],
  collected: 100_000,
  levies: 5_000,
  paidToMembers: 55_700,
  owedToMembers: 38_000,
  held: 44_300,
  entries: [
    {
      id: 1,
      date: '2026-11-20',
      memoKey: 'coop.books.title',
      memoData: {},
      lines: [{ account: 'income:levies', debit: 0, credit: 5_000 }],
    },
  ],
  balanced: true,
};
const statement: TMemberStatement = {
  member: amina,
  delivered: [{ crop: 'Maize', grade: 'B', quantity: 0.3 }],
  credit: { given: 1_000, repaid: 1_000, owed: 0 },
  shares: [
    {
      settlementId: 3,
      date: '2026-11-20',
      gross: 60_000,
      levy: 3_000,
      credit: 1_000,
      transport: 300,
      net: 55_700,
      payout: { status: 'succeeded', reference: 'P-1', moveId: 1 },
    },
  ],
  awaitingSettlement: 0.2,
};

function clientWithAnswers(): QueryClient {
  const client = new QueryClient();
  const id = 7;
  client.setQueryData(activeMembersQuery(id).queryKey, [
    { user: amina, name: 'Amina Njoya', role: 'member', status: 'active', provenNumber: true, joinedAt: '' },
  ]);
  client.setQueryData(coopStoresQuery(id).queryKey, [
    { id: 4, name: 'Magasin Menoua', kind: 'coop', location: null } as never,
  ]);
  client.setQueryData(intakesQuery(id).queryKey, {
    pages: [
      {
        items: [
          intake(3, { reference: 'K2P7' }),
          intake(2, { reversalOf: 1, quantity: -0.3, bags: -6, reason: 'Wrong grade' }),
          intake(1, { reversedBy: 2 }),
        ],
        nextCursor: null,
      },
    ],
    pageParams: [null],
  });
  client.setQueryData(bulkLotsQuery(id).queryKey, [lot, { ...lot, lotId: 31, open: false }]);
  client.setQueryData(creditsQuery(id).queryKey, [
    { id: 1, member: amina, amount: 1_000, note: 'NPK', date: '2026-06-01', repaid: 1_000 },
  ]);
  client.setQueryData(settlementsQuery(id).queryKey, [settlement]);
  client.setQueryData(settlementQuery(id, 3).queryKey, settlement);
  client.setQueryData(booksQuery(id).queryKey, books);
  client.setQueryData(statementQuery(id).queryKey, statement);
  return client;
}

async function translator(language: 'en' | 'fr', missing: string[]): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: {
      en: { coop: enCoop, common: enCommon },
      fr: { coop: frCoop, common: frCommon },
    },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) => {
      missing.push(`${namespace}:${key}`);
    },
  });
  return instance;
}

const screens: [string, ReactElement][] = [
  ['intakes', <IntakesTab key="intakes" group={group()} />],
  ['lots', <LotsTab key="lots" group={group()} />],
  ['settlements', <SettlementsTab key="settlements" group={group()} />],
  ['settlement', <SettlementPanel key="settlement" group={group()} settlementId={3} />],
  ['credit', <CreditTab key="credit" group={group()} />],
  ['books', <BooksTab key="books" group={group()} />],
  ['statement', <StatementTab key="statement" group={group()} />],
  ['broadcast', <BroadcastTab key="broadcast" group={group()} />],
];

describe('co-operative tabs', () => {
  const visibleTo = (g: TGroup) => coopTabs.filter((tab) => tab.visible(g)).map((tab) => tab.id);

  it('shows each role its own tabs', () => {
    expect(visibleTo(group())).toEqual([
      'intakes',
      'lots',
      'settlements',
      'credit',
      'books',
      'statement',
      'broadcast',
    ]);
    const keeper = group({
      me: { role: 'store_keeper', status: 'active' },
      can: { read: true, post: true, manage: false, keep: true },
    });
    expect(visibleTo(keeper)).toEqual(['intakes', 'lots', 'statement']);
    const member = group({
      me: { role: 'member', status: 'active' },
      can: { read: true, post: true, manage: false, keep: false },
    });
    expect(visibleTo(member)).toEqual(['deliveries', 'statement']);
    const invited = group({
      me: { role: 'member', status: 'invited' },
      can: { read: false, post: false, manage: false, keep: false },
    });
    expect(visibleTo(invited)).toEqual([]);
    expect(visibleTo(group({ kind: 'discussion', account: null }))).toEqual([]);
  });

  it.each(['en', 'fr'] as const)('draws every tab in %s with no text missing', async (language) => {
    const missing: string[] = [];
    const instance = await translator(language, missing);
    for (const [name, screen] of screens) {
      const html = renderToStaticMarkup(
        <I18nextProvider i18n={instance}>
          <QueryClientProvider client={clientWithAnswers()}>{screen}</QueryClientProvider>
        </I18nextProvider>,
      );
      expect(html.length, name).toBeGreaterThan(100);
    }
    expect(missing.filter((key) => key.startsWith('coop:'))).toEqual([]);
  });

  it('shows the figures of a settlement and of a correction in the reader’s words', async () => {
    const instance = await translator('fr', []);
    const draw = (screen: ReactElement) =>
      renderToStaticMarkup(
        <I18nextProvider i18n={instance}>
          <QueryClientProvider client={clientWithAnswers()}>{screen}</QueryClientProvider>
        </I18nextProvider>,
      );
    const panel = draw(<SettlementPanel group={group()} settlementId={3} />);
    expect(panel).toContain('Réessayer');
    expect(panel).toContain('Payé en espèces');
    expect(panel).not.toContain('ne correspondent pas');
    const intakes = draw(<IntakesTab group={group()} />);
    expect(intakes).toContain('Rectification');
    expect(intakes).toContain('Corrigée');
    expect(intakes).toContain('Motif : Wrong grade');
    // A keeper reads the member by the co-operative's name for them, and may correct the one not yet corrected.
    expect(intakes).toContain('Amina Njoya : Maize, qualité B');
    expect(intakes.match(/>Corriger</g)).toHaveLength(1);
  });

  it('shows a member their own deliveries, read-only', async () => {
    const instance = await translator('en', []);
    const member = group({
      me: { role: 'member', status: 'active' },
      can: { read: true, post: true, manage: false, keep: false },
    });
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={instance}>
        <QueryClientProvider client={clientWithAnswers()}>
          <IntakesTab group={member} />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    expect(html).toContain('My deliveries');
    expect(html).toContain('Maize, grade B');
    expect(html).not.toContain('intake-form');
    expect(html).not.toContain('>Correct<');
  });
});
