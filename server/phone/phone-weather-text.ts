// WEATHER (fr METEO) in words: the next days of a farm's forecast, one short line each (weekday, rain, min–max),
// "not updated since" when the provider could not be reached, and the most urgent alert's one-line text, packed into
// one SMS or one USSD screen: the days shortened, then the alert's title for its one-liner, rather than two parts.
import type { Language } from '../../contract/constants';
import type { TFarmWeather, TWeatherDay } from '../../contract/weather';
import { say } from './phone-text';

/** Days the phone shows: today and the next two (the SMS the issue asks for; the app shows all seven). */
const PHONE_WEATHER_DAYS = 3;

// A narrow no-break space (French "ven. 12", "14:00") would turn the whole text into UCS-2: plain spaces.
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** A forecast day as a phone says it: "Fri 12", "ven. 12" (English's own order would be "12 Fri"). */
function weekdayText(lang: Language, iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  const weekday = new Intl.DateTimeFormat(lang, { weekday: 'short', timeZone: 'UTC' }).format(date);
  return plainSpaces(`${weekday} ${date.getUTCDate()}`);
}

/** Rain in whole millimetres, a tenth below one ("0.4", "0,4"). */
const mmText = (lang: Language, mm: number) =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: mm < 1 ? 1 : 0 }).format(mm);

const degreesText = (lang: Language, celsius: number) =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: 0 }).format(celsius);

/** One day's line, in full ("ven. 12 : 4 mm, 19–27 °C") or short ("12 : 4mm 19–27 °C"). */
function dayLine(lang: Language, day: TWeatherDay, short: boolean): string {
  const { rainMm, tMin, tMax } = day;
  const date = short ? String(Number(day.date.slice(8, 10))) : weekdayText(lang, day.date);
  if (rainMm === null || tMin === null || tMax === null) {
    return say(lang, 'weather.dayMissing', { day: date });
  }
  return say(lang, short ? 'weather.dayShort' : 'weather.day', {
    day: date,
    rain: mmText(lang, rainMm),
    min: degreesText(lang, tMin),
    max: degreesText(lang, tMax),
  });
}

/** When the weather was last fetched, in the farm's local time: "24 Nov 14:00", "24 nov. 14:00". */
function updatedText(lang: Language, iso: string, utcOffsetSeconds: number): string {
  const local = new Date(Date.parse(iso) + utcOffsetSeconds * 1000);
  return plainSpaces(
    new Intl.DateTimeFormat(lang, {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'UTC',
    }).format(local),
  );
}

export interface PhoneWeather {
  lang: Language;
  view: Pick<TFarmWeather, 'status' | 'updatedAt' | 'forecast'>;
  /** The farm's name when the caller has several (which farm this is), else null. */
  farm: string | null;
  /** The most urgent alert's texts (its one-liner, and its title when that does not fit), or null. */
  alert: { short: string; title: string } | null;
  utcOffsetSeconds: number;
  /** Whether a text fits where it goes (one SMS, one USSD screen). */
  fits: (text: string) => boolean;
}

/** The farm's weather in one message: the first of its fuller to shorter forms that fits (else the shortest). */
export function phoneWeatherText(w: PhoneWeather): string {
  const { lang, view } = w;
  const days = view.forecast.slice(0, PHONE_WEATHER_DAYS);
  if (days.length === 0 || view.status === 'pending' || view.status === 'off') {
    if (view.status === 'off') {
      return say(lang, 'weather.off');
    }
    if (view.status === 'no_location') {
      return say(lang, 'weather.noLocation');
    }
    return w.farm === null
      ? say(lang, 'weather.pending')
      : say(lang, 'weather.pendingFarm', { farm: w.farm });
  }
  const head = [
    ...(w.farm === null ? [] : [say(lang, 'weather.title', { farm: w.farm })]),
    ...(view.status === 'stale' && view.updatedAt !== null
      ? [say(lang, 'weather.stale', { when: updatedText(lang, view.updatedAt, w.utcOffsetSeconds) })]
      : []),
  ];
  const build = (short: boolean, alert: string | null) =>
    [...head, ...days.map((d) => dayLine(lang, d, short)), ...(alert === null ? [] : [alert])].join('\n');
  const forms = [
    build(false, w.alert?.short ?? null),
    build(true, w.alert?.short ?? null),
    build(false, w.alert?.title ?? null),
    build(true, w.alert?.title ?? null),
  ];
  return forms.find(w.fits) ?? (forms[forms.length - 1] as string);
}
