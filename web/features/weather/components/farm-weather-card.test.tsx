// The farm page's weather card drawn from sample answers in both languages: the forecast's bars and its text
// alternative, the rain against the crops' needs, the source, the stale notice, an alert with its facts in the
// reader's words, the pending and off states, and no text missing from the catalogues.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next, { type i18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { TFarmWeather } from '../../../../contract/weather';
import { farmWeatherQuery } from '../../../lib/queries/weather';
import enAgronomy from '../../../locales/en/agronomy.json';
import enWeather from '../../../locales/en/weather.json';
import frAgronomy from '../../../locales/fr/agronomy.json';
import frWeather from '../../../locales/fr/weather.json';
import { FarmWeatherCard } from './farm-weather-card';

// The alert texts are the `weather-alerts` catalogue's (written beside the rules); these stand in for one kind, with
// the facts the card must format before interpolating them.
const ALERT_TEXTS = {
  en: {
    dry_spell: {
      title: 'Dry spell on {{crop}} ({{plot}})',
      body: 'No rain from {{from}} to {{to}}: irrigate {{mm}} mm.',
      basis: 'Basis for {{day}}',
    },
  },
  fr: {
    dry_spell: {
      title: 'Sécheresse sur {{crop}} ({{plot}})',
      body: 'Pas de pluie du {{from}} au {{to}} : arrosez {{mm}} mm.',
      basis: 'Fondement pour le {{day}}',
    },
  },
};

const FARM_ID = 7;
const days = [
  '2026-11-30',
  '2026-12-01',
  '2026-12-02',
  '2026-12-03',
  '2026-12-04',
  '2026-12-05',
  '2026-12-06',
];

const weather = (overrides: Partial<TFarmWeather> = {}): TFarmWeather => ({
  farmId: FARM_ID,
  status: 'ok',
  source: 'open-meteo',
  grid: { latitude: 5.5, longitude: 10.4, degrees: 0.1 },
  // Local times (no zone): the test reads the same hour in any time zone.
  updatedAt: '2026-11-27T14:05:00',
  forecast: days.map((date, i) => ({
    date,
    rainMm: i === 2 ? 12.5 : i === 5 ? null : i,
    tMin: 18 + i / 10,
    tMax: 29.6,
    et0Mm: 4,
    windMaxMs: 3,
  })),
  lastRain: { date: '2026-11-12', mm: 18 },
  rain7Mm: 12,
  rain30Mm: 64.5,
  cropNeeds: [{ planId: 3, crop: 'maize', plotName: 'North', need7Mm: 28, need30Mm: 110.4 }],
  alerts: [],
  ...overrides,
});

async function translator(language: 'en' | 'fr', missing: string[]): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: {
      en: { weather: enWeather, agronomy: enAgronomy, 'weather-alerts': ALERT_TEXTS.en },
      fr: { weather: frWeather, agronomy: frAgronomy, 'weather-alerts': ALERT_TEXTS.fr },
    },
    defaultNS: 'weather',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) => {
      missing.push(`${namespace}:${key}`);
    },
  });
  return instance;
}

async function draw(language: 'en' | 'fr', answer: TFarmWeather, missing: string[] = []) {
  const client = new QueryClient();
  client.setQueryData(farmWeatherQuery(FARM_ID).queryKey, answer);
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={await translator(language, missing)}>
      <QueryClientProvider client={client}>
        <FarmWeatherCard farmId={FARM_ID} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  // The text as read, without tags (and apostrophes unescaped).
  return {
    html,
    text: html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, ' '),
  };
}

const dryAlert = {
  kind: 'dry_spell' as const,
  planId: 3,
  lotId: null,
  crop: 'maize',
  plotName: 'North',
  day: '2026-12-01',
  facts: { from: '2026-12-01', to: '2026-12-06', mm: 22.5 },
};

describe('FarmWeatherCard', () => {
  it.each(['en', 'fr'] as const)('draws every part in %s with no text missing', async (language) => {
    const missing: string[] = [];
    await draw(language, weather({ alerts: [dryAlert] }), missing);
    await draw(language, weather({ status: 'stale' }), missing);
    await draw(language, weather({ status: 'pending', forecast: [], updatedAt: null }), missing);
    await draw(
      language,
      weather({ status: 'no_location', source: null, forecast: [], updatedAt: null }),
      missing,
    );
    expect(missing).toEqual([]);
  });

  it('draws a bar for each day with rain, the weekdays, and a table of every day for screen readers', async () => {
    const { html, text } = await draw('en', weather());
    // Rain on 5 of the 7 days: none on the first (0 mm), none known on the sixth.
    expect(html.match(/data-testid="rain-bar"/g)).toHaveLength(5);
    expect(html.match(/data-testid="temperature-span"/g)).toHaveLength(7);
    expect(html).toContain('aria-hidden="true" class="grid grid-cols-7');
    expect(text).toContain('Mon');
    expect(html).toContain('<caption>7-day forecast: rain and temperature for each day</caption>');
    expect(html).toContain(
      '<th scope="row">Wednesday, December 2</th><td>12.5</td><td>18.2</td><td>29.6</td>',
    );
    expect(html).toContain('<th scope="row">Saturday, December 5</th><td>no data</td>');
  });

  it('says the rain that fell against what each crop plan needed, and where the weather came from', async () => {
    const { text } = await draw('en', weather());
    expect(text).toContain('Last rain: Nov 12, 18 mm');
    expect(text).toContain('Last 7 days: 12 mm of rain');
    expect(text).toContain('Maize (plot North): needed 28 mm, fell 12 mm');
    expect(text).toContain('Maize (plot North): needed 110.4 mm, fell 64.5 mm');
    expect(text).toContain('From Open-Meteo, 0.1° grid');
    expect(text).not.toContain('not updated');
  });

  it('speaks French: weekdays, decimal commas, the grid and the crop', async () => {
    const { html, text } = await draw('fr', weather());
    expect(text).toContain('lun.');
    expect(html).toContain('<th scope="row">mercredi 2 décembre</th><td>12,5</td><td>18,2</td><td>29,6</td>');
    expect(text).toContain('Dernière pluie : 12 nov., 18 mm');
    expect(text).toContain('Maïs (parcelle North) : besoin de 110,4 mm, 64,5 mm tombés');
    expect(text).toContain('Source : Open-Meteo, maille de 0,1°');
  });

  it('says demo weather is generated, not measured', async () => {
    const { text } = await draw('en', weather({ source: 'demo' }));
    expect(text).toContain('Demo weather, generated, not measured');
    expect(text).not.toContain('Open-Meteo');
  });

  it('says stale weather is not up to date, with its date in French, and still shows the figures', async () => {
    const { html, text } = await draw('fr', weather({ status: 'stale' }));
    expect(html).toContain('data-testid="weather-stale"');
    expect(text).toContain('Météo non mise à jour depuis le 27 nov. 2026, 14:05.');
    expect(html.match(/data-testid="rain-bar"/g)).toHaveLength(5);
    expect(text).toContain('7 derniers jours : 12 mm de pluie');
  });

  it("writes an alert's facts in the reader's words", async () => {
    const { html, text } = await draw('fr', weather({ alerts: [dryAlert] }));
    expect(html.match(/data-testid="weather-alert"/g)).toHaveLength(1);
    expect(text).toContain('Sécheresse sur Maïs (North)');
    expect(text).toContain('Pas de pluie du mar. 1 déc. au dim. 6 déc. : arrosez 22,5 mm.');
    expect(text).toContain('Fondement pour le mar. 1 déc.');
    expect(text).toContain('Pourquoi ?');
  });

  it('says the weather is on its way before the first fetch, and is not drawn without a provider', async () => {
    const pending = await draw('en', weather({ status: 'pending', forecast: [], updatedAt: null }));
    expect(pending.text).toContain('Weather is being fetched…');
    expect(pending.html).not.toContain('forecast-chart');
    const off = await draw('en', weather({ status: 'off', source: null, forecast: [] }));
    expect(off.html).toBe('');
  });

  it('asks for the farm’s place while it has none, in French', async () => {
    const none = await draw(
      'fr',
      weather({ status: 'no_location', source: null, forecast: [], updatedAt: null }),
    );
    expect(none.text).toContain('Indiquez où se trouve la ferme');
    expect(none.html).not.toContain('forecast-chart');
  });
});
