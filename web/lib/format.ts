// Numbers, money and dates formatted for the user's language (Intl); parsing accepts ',' or '.' as decimal
// separator. Dates use Intl rather than date-fns: its patterns and both locales cost ~7 KB gzip on every screen.

import { deployment } from './deployment';

const locales = { en: 'en-US', fr: 'fr-FR' } as const;
export const intlLocale = (language: string) => (language === 'fr' ? locales.fr : locales.en);

// Building an Intl.NumberFormat costs far more than using one (in a CPU profile of the marketplace on a throttled
// phone, constructors were our own code's largest cost): one formatter per language and options, kept.
const formatters = new Map<string, Intl.NumberFormat>();

/** A cached Intl.NumberFormat for this language and options. */
export function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const locale = intlLocale(language);
  const id = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(id);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options);
    formatters.set(id, formatter);
  }
  return formatter;
}

/** Parts that no localized date-fns pattern covers: 'Nov 23' / '23 nov.', and with the time. */
export const DAY_MONTH = { day: 'numeric', month: 'short' } as const satisfies Intl.DateTimeFormatOptions;
export const DAY_MONTH_TIME = { ...DAY_MONTH, hour: 'numeric', minute: '2-digit' } as const;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date with the parts `options` names, in the language's own order and words: { day, month: 'short' } reads
 * 'Nov 23' in English and '23 nov.' in French. Never a fixed pattern: 'MMM d, yyyy' in French reads 'nov. 23, 2026'.
 */
export function formatDateParts(
  iso: string | Date,
  language: string,
  options: Intl.DateTimeFormatOptions,
): string {
  const locale = intlLocale(language);
  const id = `${locale}|${JSON.stringify(options)}`;
  let formatter = dateFormats.get(id);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(id, formatter);
  }
  return formatter.format(typeof iso === 'string' ? new Date(iso) : iso);
}

/**
 * The date styles the screens use, named after the date-fns patterns they reproduce exactly in both languages (a unit
 * test compares them): 'PP' 'Nov 23, 2026' / '23 nov. 2026', 'PPp' with the time, 'PPpp' with seconds, 'p' the time
 * only, 'MMM yyyy' 'Nov 2026' / 'nov. 2026'. Each puts the parts in the language's own order.
 */
export const DATE_STYLES = {
  PP: { dateStyle: 'medium' },
  PPp: { dateStyle: 'medium', timeStyle: 'short' },
  PPpp: { dateStyle: 'medium', timeStyle: 'medium' },
  p: { timeStyle: 'short' },
  'MMM yyyy': { month: 'short', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateStyle = keyof typeof DATE_STYLES;

/** A date in one of the named styles (DATE_STYLES), in the user's language. */
export function formatDate(iso: string | Date, language: string, style: DateStyle = 'PP'): string {
  return formatDateParts(iso, language, DATE_STYLES[style]);
}

/** Today (or `date`) as a local calendar day 'YYYY-MM-DD', the value of a date input. */
export function localDay(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A calendar day, medium style ('Jul 6, 2026', '6 juil. 2026': what date-fns' 'PP' gives). */
export function formatDay(iso: string | Date, language: string): string {
  return formatDateParts(iso, language, { dateStyle: 'medium' });
}

/** An amount in the deployment's currency (fr with XAF: "1 500 FCFA"), with the currency's own decimals. */
export function formatMoney(amount: number, language: string, currency = deployment().currency): string {
  return numberFormat(language, { style: 'currency', currency }).format(amount);
}

/**
 * The currency's sign as the language writes it beside an amount, and on which side: '$' before in English,
 * '$US' after in French, 'FCFA' before in English and after in French. An amount field shows it where the
 * formatted amount would.
 */
export function currencyAffix(
  language: string,
  currency = deployment().currency,
): { symbol: string; position: 'prefix' | 'suffix' } {
  const parts = numberFormat(language, { style: 'currency', currency }).formatToParts(1);
  const at = parts.findIndex((part) => part.type === 'currency');
  const number = parts.findIndex((part) => part.type === 'integer');
  return { symbol: parts[at]?.value ?? currency, position: at > number ? 'suffix' : 'prefix' };
}

/** A chart axis number, short enough for a phone: 4 000 000 → "4 M", 250 000 → "250 k" ("4M", "250K" in English). */
export function formatCompact(value: number, language: string): string {
  return numberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

export function formatNumber(value: number, language: string, decimals?: number): string {
  const options: Intl.NumberFormatOptions =
    decimals === undefined ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  return numberFormat(language, options).format(value);
}

/** Tons as the API gives every quantity: up to three decimals (a kilogram), '2', '1.99', '0,125'. */
export function formatTons(value: number, language: string): string {
  return numberFormat(language, { maximumFractionDigits: 3 }).format(value);
}

/** A number as a form would show it in this language (decimal comma in French). */
export function toDecimalInput(value: number, language: string): string {
  const text = String(value);
  return language === 'fr' ? text.replace('.', ',') : text;
}

/** '12,5' and '12.5' both read 12.5; anything else that is not a plain decimal is NaN. */
export function parseDecimal(text: string): number {
  const cleaned = text.trim().replace(/\s/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/**
 * Calling codes of one or two digits (ITU-T E.164 assignments); every other code has three. Enough to split any
 * E.164 number at its country code without a table of every country.
 */
const SHORT_CALLING_CODE = /^\+(1|7|2[07]|3[0-469]|4[013-9]|5[1-8]|6[0-6]|8[1246]|9[0-58])/;

/** National digits in groups of three, the last group of two or four rather than one: 670 000 001, 803 123 4567. */
function groupDigits(digits: string): string {
  const groups: string[] = [];
  let rest = digits;
  while (rest.length > 4) {
    groups.push(rest.slice(0, 3));
    rest = rest.slice(3);
  }
  if (rest.length > 0) {
    groups.push(rest);
  }
  return groups.join(' ');
}

/**
 * A phone number as people read it: the country code, then the national number grouped (+237 670 000 001). Takes
 * an E.164 number, a country code and number apart, or a national number alone, however they were spaced.
 */
export function formatPhone(phone: string, countryCode: string | null = null): string {
  const digits = phone.replace(/[^\d]/g, '');
  if (digits.length === 0) {
    return phone.trim();
  }
  const code = countryCode?.trim() ?? '';
  if (code && !phone.trim().startsWith('+')) {
    return `${code} ${groupDigits(digits)}`;
  }
  if (!phone.trim().startsWith('+')) {
    return groupDigits(digits);
  }
  const known = code && `+${digits}`.startsWith(code) ? code : null;
  const calling = known ?? SHORT_CALLING_CODE.exec(`+${digits}`)?.[0] ?? `+${digits.slice(0, 3)}`;
  const national = digits.slice(calling.length - 1);
  return national ? `${calling} ${groupDigits(national)}` : calling;
}
