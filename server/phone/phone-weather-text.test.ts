// WEATHER by phone in words: three days and the most urgent alert in one SMS, French accents and all; the shorter
// forms when the full one would spill into a second part; "not updated since" when stale; and no weather yet.
import { describe, expect, it } from 'vitest';
import type { TFarmWeather, TWeatherDay } from '../../contract/weather';
import { smsLength } from '../channels/sms-text';
import { translate } from '../http/i18n';
import { fitsOneScreen, fitsOneSms, oneSms } from './phone-coop-text';
import { type PhoneWeather, phoneWeatherText } from './phone-weather-text';

const day = (date: string, rainMm: number | null, tMin: number | null, tMax: number | null): TWeatherDay => ({
  date,
  rainMm,
  tMin,
  tMax,
  et0Mm: 4,
  windMaxMs: 3,
});

const FORECAST = [
  day('2026-12-11', 4.2, 19.4, 27.2),
  day('2026-12-12', 0.4, 18.6, 29),
  day('2026-12-13', 31, 20, 24.6),
  day('2026-12-14', 0, 19, 30),
];

const view = (over: Partial<TFarmWeather> = {}): PhoneWeather['view'] => ({
  status: 'ok',
  updatedAt: '2026-12-11T06:00:00.000Z',
  forecast: FORECAST,
  ...over,
});

/** The drying-lot heavy rain alert in French, as the weather module words it (accents: "Maïs", "sèche"). */
const lotAlert = {
  short: translate('fr', 'weather-alerts.heavy_rain.short_lot', {
    rainMm: '31',
    date: 'dim. 13 déc.',
    crop: 'Maïs',
  }),
  title: translate('fr', 'weather-alerts.heavy_rain.title'),
};

const text = (over: Partial<PhoneWeather> = {}) =>
  phoneWeatherText({
    lang: 'fr',
    view: view(),
    farm: null,
    alert: lotAlert,
    utcOffsetSeconds: 3600,
    fits: fitsOneSms,
    ...over,
  });

describe('WEATHER by phone', () => {
  it('says three days and the alert in one SMS, in French with its accents', () => {
    const sms = text();
    expect(sms).toBe(
      [
        'ven. 11 : 4 mm, 19–27 °C',
        'sam. 12 : 0,4 mm, 19–29 °C',
        'dim. 13 : 31 mm, 20–25 °C',
        '31 mm de pluie le dim. 13 déc. : couvrez votre Maïs qui sèche',
      ].join('\n'),
    );
    // Sent in GSM-7 (– spelled -, Celsius without the degree sign GSM-7 lacks), one part; and one USSD screen.
    expect(smsLength(oneSms(sms))).toMatchObject({ encoding: 'gsm7', segments: 1 });
    expect(fitsOneScreen(sms)).toBe(true);
  });

  it('writes Celsius without the degree sign GSM-7 lacks, the alert’s too', () => {
    const heat = translate('fr', 'weather-alerts.heat_stress.short', {
      tMax: '36,5',
      date: 'sam. 12 déc.',
      crop: 'Maïs',
    });
    const sent = oneSms(text({ alert: { short: heat, title: '' } }));
    expect(sent).not.toContain('°');
    expect(sent.split('\n')[0]).toBe('ven. 11 : 4 mm, 19-27 C');
    expect(sent.split('\n')[3]).toBe('36,5 C le sam. 12 déc. : chaleur sur votre Mais en fleur');
  });

  it('says it in English, weekday first', () => {
    expect(text({ lang: 'en', alert: null })).toBe(
      ['Fri 11: 4 mm, 19–27°C', 'Sat 12: 0.4 mm, 19–29°C', 'Sun 13: 31 mm, 20–25°C'].join('\n'),
    );
  });

  it('shortens the days, then gives the alert its title, rather than spill into a second SMS', () => {
    const farm = 'Ferme des collines du Mbam';
    const long = { ...lotAlert, short: `${lotAlert.short} ${'x'.repeat(10)}` };
    const shortDays = text({ farm, alert: long });
    expect(fitsOneSms(shortDays)).toBe(true);
    expect(shortDays.split('\n').slice(0, 2)).toEqual([`${farm} :`, '11 : 4mm 19–27 °C']);
    expect(shortDays).toContain(long.short);
    const titled = text({ farm, alert: { ...lotAlert, short: `${lotAlert.short} ${'x'.repeat(90)}` } });
    expect(titled.split('\n').slice(1)).toEqual([
      'ven. 11 : 4 mm, 19–27 °C',
      'sam. 12 : 0,4 mm, 19–29 °C',
      'dim. 13 : 31 mm, 20–25 °C',
      'Fortes pluies annoncées',
    ]);
    expect(fitsOneSms(titled)).toBe(true);
  });

  it('says when the weather is stale, in the farm’s local time', () => {
    const stale = text({
      view: view({ status: 'stale', updatedAt: '2026-12-09T13:00:00.000Z' }),
      alert: null,
    });
    expect(stale.split('\n')[0]).toBe('Météo non mise à jour depuis le 9 déc., 14:00.');
    expect(stale.split('\n')).toHaveLength(4);
    expect(fitsOneSms(stale)).toBe(true);
  });

  it('says a day the provider left empty', () => {
    const gap = text({ view: view({ forecast: [day('2026-12-11', null, 19, 27), ...FORECAST.slice(1)] }) });
    expect(gap.split('\n')[0]).toBe('ven. 11 : pas de prévision');
  });

  it('says there is no weather yet, or none on this service', () => {
    expect(text({ view: view({ status: 'pending', updatedAt: null, forecast: [] }) })).toBe(
      'Pas encore de météo pour votre ferme : réessayez dans une heure.',
    );
    expect(text({ lang: 'en', farm: 'North', view: view({ status: 'pending', forecast: [] }) })).toBe(
      'No weather for North yet: try again in an hour.',
    );
    expect(text({ lang: 'en', view: view({ status: 'off', forecast: [] }) })).toBe(
      'Weather forecasts are not available on this service.',
    );
    expect(text({ view: view({ status: 'no_location', forecast: [] }) })).toBe(
      "Votre ferme n'a pas encore d'emplacement : indiquez-le dans l'appli (Fermes) pour avoir sa météo.",
    );
  });
});
