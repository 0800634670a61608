// An analysis's inputs say whose weather it read, in both languages: the farm's readings, the provider's (with its
// grid), both, or the demo's generated weather; a result stored before the provider says nothing of it.
import i18next, { type i18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { TAnalysisData } from '../../../../contract/analysis';
import type { TAnalysisWeather } from '../../../../contract/weather';
import enAgronomy from '../../../locales/en/agronomy.json';
import enFarms from '../../../locales/en/farms.json';
import enWeather from '../../../locales/en/weather.json';
import frAgronomy from '../../../locales/fr/agronomy.json';
import frFarms from '../../../locales/fr/farms.json';
import frWeather from '../../../locales/fr/weather.json';
import { AnalysisDetails } from './analysis-details';

const result = (weather?: TAnalysisWeather): TAnalysisData => ({
  method: {
    key: 'method.fao56_penman_monteith',
    source: { key: 'source.fao56_penman_monteith', params: {} },
  },
  methods: [],
  inputs: {
    crop: 'maize',
    windowStart: '2026-10-28',
    windowEnd: '2026-11-26',
    days: 30,
    daysWithData: 30,
    readings: { temperature: 0 } as TAnalysisData['inputs']['readings'],
    readingsRejected: 0,
    surveys: 0,
    cropStage: null,
    daysSincePlanting: null,
    soilTexture: 'loam',
    ...(weather ? { weather } : {}),
  },
  missing: [],
  confidenceScore: 0.9,
  recommendations: [],
  et0: 4,
  et0Daily: [],
  kc: 1,
  kcMean: 1,
  cropStage: null,
  etc: 120,
  effectiveRainfall: 40,
  waterUsage: { current: 0, recommended: 80, savings: 0 },
  rootZone: null,
});

async function translator(language: 'en' | 'fr', missing: string[]): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: {
      en: { farms: enFarms, agronomy: enAgronomy, weather: enWeather },
      fr: { farms: frFarms, agronomy: frAgronomy, weather: frWeather },
    },
    defaultNS: 'farms',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) => {
      missing.push(`${namespace}:${key}`);
    },
  });
  return instance;
}

/** The weather line of the inputs, or null when there is none. */
async function weatherLine(language: 'en' | 'fr', weather?: TAnalysisWeather, missing: string[] = []) {
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={await translator(language, missing)}>
      <AnalysisDetails data={result(weather)} createdAt="2026-11-27T10:00:00" />
    </I18nextProvider>,
  );
  const line = /<li data-testid="analysis-weather">([^<]*)<\/li>/.exec(html);
  return line ? (line[1] ?? '').replace(/&#x27;/g, "'") : null;
}

const provider = { used: 'provider', source: 'open-meteo', gridDegrees: 0.1 } as const;

describe('AnalysisDetails: the weather line', () => {
  it('says whose weather the analysis read', async () => {
    expect(await weatherLine('en', { used: 'farm', source: null, gridDegrees: null })).toBe(
      'Weather measured on the farm',
    );
    expect(await weatherLine('en', provider)).toBe('Weather from Open-Meteo, 0.1° grid');
    expect(await weatherLine('en', { ...provider, used: 'both' })).toBe(
      'Weather measured on the farm, Open-Meteo for the gaps',
    );
    expect(await weatherLine('en', { ...provider, source: 'demo' })).toBe('Demo weather (generated)');
  });

  it('says it in French, the grid with a decimal comma', async () => {
    const missing: string[] = [];
    expect(await weatherLine('fr', provider, missing)).toBe("Météo d'Open-Meteo, maille de 0,1°");
    expect(await weatherLine('fr', { used: 'farm', source: null, gridDegrees: null }, missing)).toBe(
      'Météo mesurée sur la ferme',
    );
    expect(await weatherLine('fr', { ...provider, used: 'both', source: 'demo' }, missing)).toBe(
      'Météo mesurée sur la ferme, météo de démonstration (générée) pour les lacunes',
    );
    expect(missing).toEqual([]);
  });

  it('says nothing of the weather for a result stored before the provider, or one that read none', async () => {
    expect(await weatherLine('en')).toBeNull();
    expect(await weatherLine('en', { used: 'none', source: null, gridDegrees: null })).toBeNull();
  });
});
