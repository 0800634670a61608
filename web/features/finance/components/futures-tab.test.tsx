// The Futures tab drawn from a sample answer in both languages: the totals, the expected income by month as bars,
// the agreements linking to their pages, and no text missing from the catalogues.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next, { type i18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { TForwardAgreement, TFutures } from '../../../../contract/forward-agreements';
import { futuresQuery } from '../../../lib/queries/forward-agreements';
import { userQuery } from '../../../lib/session';
import enAgreements from '../../../locales/en/agreements.json';
import enAgronomy from '../../../locales/en/agronomy.json';
import frAgreements from '../../../locales/fr/agreements.json';
import frAgronomy from '../../../locales/fr/agronomy.json';
import { FuturesTab } from './futures-tab';

const agreement = {
  id: 12,
  buyer: { id: 2, username: 'kofi' },
  seller: { id: 1, username: 'amina' },
  group: null,
  crop: 'maize',
  grade: 'A',
  quantity: 5,
  tolerancePercent: 5,
  pricing: { kind: 'fixed', price: 300 },
  deliveryFrom: '2027-01-10',
  deliveryTo: '2027-02-28',
  place: 'Bafoussam',
  depositPercent: 10,
  deposit: 150,
  inputAdvance: null,
  status: 'active',
  you: 'seller',
  turn: null,
  countered: false,
  note: null,
  delivered: 2,
  remaining: 3,
  maxMore: 3.25,
  priceToday: 300,
  marketPrice: null,
  depositHeld: 90,
  advanceOutstanding: 0,
  deliveries: [],
  plan: null,
  depositPayment: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
} satisfies TForwardAgreement;

const futures: TFutures = {
  agreements: [agreement],
  contracted: 5,
  delivered: 2,
  toDeliver: 3,
  depositsHeld: 90,
  byMonth: [
    { month: '2027-01', expected: 600 },
    { month: '2027-02', expected: 300 },
  ],
};

async function translator(language: 'en' | 'fr', missing: string[]): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: {
      en: { agreements: enAgreements, agronomy: enAgronomy },
      fr: { agreements: frAgreements, agronomy: frAgronomy },
    },
    defaultNS: 'agreements',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) => {
      missing.push(`${namespace}:${key}`);
    },
  });
  return instance;
}

function draw(instance: i18n, answer: TFutures): string {
  const client = new QueryClient();
  client.setQueryData(userQuery().queryKey, { id: 1, username: 'amina', role: 'farmer' } as never);
  client.setQueryData(futuresQuery().queryKey, answer);
  return renderToStaticMarkup(
    <I18nextProvider i18n={instance}>
      <QueryClientProvider client={client}>
        <Router ssrPath="/financial">
          <FuturesTab />
        </Router>
      </QueryClientProvider>
    </I18nextProvider>,
  ).replace(/[\u00a0\u202f]/g, ' ');
}

describe('FuturesTab', () => {
  it.each(['en', 'fr'] as const)('draws the tab in %s with no text missing', async (language) => {
    const missing: string[] = [];
    const html = draw(await translator(language, missing), futures);
    expect(html).toContain('data-testid="futures-totals"');
    expect(missing).toEqual([]);
  });

  it('shows what is contracted, delivered and to deliver, the deposits held and the income by month', async () => {
    const html = draw(await translator('en', []), futures);
    expect(html).toMatch(/Contracted<\/dt><dd[^>]*>5 t</);
    expect(html).toMatch(/Delivered<\/dt><dd[^>]*>2 t</);
    expect(html).toMatch(/Still to deliver<\/dt><dd[^>]*>3 t</);
    expect(html).toMatch(/Deposits held<\/dt><dd[^>]*>\$90\.00</);
    // The larger month fills the bar; the other is its share.
    expect(html).toContain('width:100%');
    expect(html).toContain('width:50%');
    expect(html).toContain('$600.00');
    expect(html).toContain('href="/agreements/12"');
    const fr = draw(await translator('fr', []), futures);
    expect(fr).toContain('Reste à livrer');
    expect(fr).toContain('600,00 $US');
  });

  it('says when there is nothing contracted', async () => {
    const html = draw(await translator('en', []), {
      ...futures,
      agreements: [],
      contracted: 0,
      delivered: 0,
      toDeliver: 0,
      depositsHeld: 0,
      byMonth: [],
    });
    expect(html).toContain('No forward agreements yet.');
    expect(html).toContain('Nothing left to deliver.');
  });
});
