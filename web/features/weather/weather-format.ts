// The weather card's figures in the reader's words: days, times, millimetres and degrees per locale, and an alert's
// facts made ready for its catalogue text (ISO dates formatted, numbers with the locale's decimal separator).
import type { TWeatherAlert } from '../../../contract/weather';
import { DAY_MONTH, formatDateParts, numberFormat } from '../../lib/format';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A crop as the reader names it: the crop table's name in their language ('maize', or a lot's typed 'Maize' →
 * 'Maïs'), else as typed.
 */
export const cropText = (t: Translate, crop: string) =>
  t(`agronomy:crop.${crop.trim().toLowerCase().replace(/\s+/g, '_')}`, { defaultValue: crop });

/** The facts the server sends as ISO days or times (an alert's own `day` is one too). */
const DATE_FACTS = new Set(['date', 'from', 'to', 'day']);
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const SHORT_DAY = { weekday: 'short', day: 'numeric', month: 'short' } as const;
/** French writes '06:00' (as its short time style does), English '6:00 AM'. */
const clock = (language: string) =>
  ({ hour: language === 'fr' ? '2-digit' : 'numeric', minute: '2-digit' }) as const;

/** A calendar day of the cell ('YYYY-MM-DD') as a local noon, so no time zone moves it to the day before. */
const noonOf = (day: string) => new Date(`${day}T12:00:00`);

/** Millimetres or degrees: at most one decimal, the locale's separator ('12,5' in French). */
export const formatAmount = (value: number, language: string) =>
  numberFormat(language, { maximumFractionDigits: 1 }).format(value);

/** A whole number of degrees for the chart's small labels ('31'). */
export const formatWhole = (value: number, language: string) =>
  numberFormat(language, { maximumFractionDigits: 0 }).format(value);

/** A day of the cell in the given parts ({ weekday: 'short' }: 'Mon' / 'lun.'). */
export const formatCellDay = (day: string, language: string, options: Intl.DateTimeFormatOptions) =>
  formatDateParts(noonOf(day), language, options);

/** An ISO day or time as an alert says it: 'Mon, Nov 30' / 'lun. 30 nov.', with the time when it has one. */
export function formatIsoFact(value: string, language: string): string {
  if (ISO_DAY.test(value)) {
    return formatCellDay(value, language, SHORT_DAY);
  }
  return formatDateParts(new Date(value), language, { ...SHORT_DAY, ...clock(language) });
}

/** An alert's facts as its text interpolates them: dates and times per locale, numbers with the locale's separator. */
export function formatFacts(facts: TWeatherAlert['facts'], language: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(facts)) {
    if (typeof value === 'number') {
      out[name] = formatAmount(value, language);
    } else if (
      (DATE_FACTS.has(name) || ISO_TIME.test(value)) &&
      (ISO_DAY.test(value) || ISO_TIME.test(value))
    ) {
      out[name] = formatIsoFact(value, language);
    } else {
      out[name] = value;
    }
  }
  return out;
}

/** An alert's title, text and basis in the reader's language (catalogue `weather-alerts`, one entry per kind). */
export function alertTexts(alert: TWeatherAlert, t: Translate, language: string) {
  const crop = alert.crop ? cropText(t, alert.crop) : '';
  // The alert's own day, crop and plot unless its facts name them otherwise.
  const values = {
    day: formatIsoFact(alert.day, language),
    crop,
    plot: alert.plotName ?? '',
    ...formatFacts(alert.facts, language),
  };
  // A lot drying under heavy rain has a text of its own (no plot, its moisture).
  const lot = alert.kind === 'heavy_rain' && alert.lotId !== null ? '_lot' : '';
  return {
    title: t(`weather-alerts:${alert.kind}.title`, values),
    body: t(`weather-alerts:${alert.kind}.body${lot}`, values),
    basis: t(`weather-alerts:${alert.kind}.basis`, values),
  };
}

/** When the weather was fetched: the time alone today ('14:05'), else the day and time. */
export function formatUpdated(iso: string, language: string, now = new Date()): string {
  const at = new Date(iso);
  const sameDay = at.toDateString() === now.toDateString();
  return formatDateParts(at, language, sameDay ? clock(language) : { ...DAY_MONTH, ...clock(language) });
}
