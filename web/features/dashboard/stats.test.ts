// The buyer's first card counts open orders (the server's figure) and says so in both languages, never "bids".
import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { dashboardStats } from './stats';

const catalogue = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${lang}/dashboard.json`, import.meta.url), 'utf8'));

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    ns: ['dashboard'],
    defaultNS: 'dashboard',
    resources: { en: { dashboard: catalogue('en') }, fr: { dashboard: catalogue('fr') } },
  });
});

const buyer = {
  kind: 'buyer' as const,
  activeOrders: 11,
  savedSearches: 2,
  purchaseHistory: { count: 4, amount: 1200 },
};

describe('the buyer dashboard', () => {
  it.each([
    ['en', 'Open Orders', 'Bought, not yet completed', /\bbids?\b|offers?/i],
    ['fr', 'Commandes en cours', 'Achats pas encore terminés', /\boffres?\b|enchères?/i],
  ])('in %s, titles and details the open orders it counts, not bids', async (lang, title, detail, bids) => {
    const t = i18n.getFixedT(lang, 'dashboard');
    const [orders] = dashboardStats(buyer, t, lang) ?? [];
    expect(orders).toMatchObject({ title, value: '11', detail, href: '/orders' });
    expect(`${orders?.title} ${orders?.detail}`).not.toMatch(bids);
  });
});
