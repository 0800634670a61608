// An alert in words, in the reader's language: its catalogue texts (web/locales/*/weather-alerts.json) with its
// figures formatted per locale, days and times in the farm's local time, the crop as the reader names it.
import type { Language } from '../../contract/constants';
import type { TWeatherAlert } from '../../contract/weather';
import type { AppContext } from '../context';
import { translate } from '../http/i18n';
import { marketModel } from '../marketplace';

/** Facts that hold a day (YYYY-MM-DD) or an instant (ISO with a time). */
const WHEN_FACTS = new Set(['date', 'day', 'from', 'to']);

function whenText(lang: Language, value: string, utcOffsetSeconds: number): string {
  if (value.length === 10) {
    return new Intl.DateTimeFormat(lang, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }).format(new Date(`${value}T00:00:00Z`));
  }
  const local = new Date(Date.parse(value) + utcOffsetSeconds * 1000);
  return new Intl.DateTimeFormat(lang, {
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(local);
}

/** The values an alert's texts interpolate. */
export function alertParams(
  lang: Language,
  alert: TWeatherAlert,
  names: { crop: string | null },
  utcOffsetSeconds: number,
): Record<string, string> {
  const params: Record<string, string> = { crop: names.crop ?? '', plot: alert.plotName ?? '' };
  for (const [name, value] of Object.entries(alert.facts)) {
    params[name] =
      typeof value === 'number'
        ? new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(value)
        : WHEN_FACTS.has(name)
          ? whenText(lang, value, utcOffsetSeconds)
          : value;
  }
  return params;
}

/** The alert's title, body and one-line form, in `lang`. */
export function alertTexts(
  lang: Language,
  alert: TWeatherAlert,
  names: { crop: string | null },
  utcOffsetSeconds: number,
): { title: string; body: string; short: string } {
  const params = alertParams(lang, alert, names, utcOffsetSeconds);
  const text = (part: string) => translate(lang, `weather-alerts.${alert.kind}.${part}`, params);
  // A lot drying under heavy rain has texts of their own (no plot, its moisture).
  const lot = alert.kind === 'heavy_rain' && alert.lotId !== null ? '_lot' : '';
  return { title: text('title'), body: text(`body${lot}`), short: text(`short${lot}`) };
}

/** The alert in words for a reader: its texts with the crop as the commodity catalogue names it in `lang`. */
export async function alertInWords(
  ctx: AppContext,
  lang: Language,
  alert: TWeatherAlert,
  utcOffsetSeconds: number,
): Promise<{ title: string; body: string; short: string }> {
  const catalogue = await marketModel.of(ctx).catalogue.get();
  const crop = alert.crop === null ? null : catalogue.readerName(lang, alert.crop);
  return alertTexts(lang, alert, { crop }, utcOffsetSeconds);
}
