// Numbers, money and calendar days formatted for the user's language (Intl); parsing accepts ',' or '.' as decimal
// separator. Date patterns (date-fns and its locales, ~7 KB gzip) are in format-date.ts, off the first screens.

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

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A calendar day, medium style ('Jul 6, 2026', '6 juil. 2026': what date-fns' 'PP' gives). */
export function formatDay(iso: string | Date, language: string): string {
  const locale = intlLocale(language);
  let formatter = dayFormats.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    dayFormats.set(locale, formatter);
  }
  return formatter.format(typeof iso === 'string' ? new Date(iso) : iso);
}

export function formatMoney(amount: number, language: string, currency = 'USD'): string {
  return numberFormat(language, { style: 'currency', currency }).format(amount);
}

export function formatNumber(value: number, language: string, decimals?: number): string {
  const options: Intl.NumberFormatOptions =
    decimals === undefined ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  return numberFormat(language, options).format(value);
}

/** '12,5' and '12.5' both read 12.5; anything else that is not a plain decimal is NaN. */
export function parseDecimal(text: string): number {
  const cleaned = text.trim().replace(/\s/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}
