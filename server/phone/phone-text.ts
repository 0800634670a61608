// The phone bot's words: catalogue texts (`phone.*`) in the user's language, and numbers as a phone shows them
// (plain spaces: a narrow no-break space would turn an SMS into UCS-2 and halve what fits).
import type { Language } from '../../contract/constants';
import { centsToDecimal } from '../../contract/money';
import { kgToTons } from '../../contract/quantity';
import { AppError } from '../http/errors';
import { translate } from '../http/i18n';
import { moneyText } from '../http/money-text';

export const say = (lang: Language, key: string, params: Record<string, string | number> = {}) =>
  translate(lang, `phone.${key}`, params);

/** An AppError in the user's words; anything else is not ours to explain and goes up. */
export function refusalText(lang: Language, error: unknown): string {
  if (error instanceof AppError) {
    return translate(lang, error.key, error.params);
  }
  throw error;
}

const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

export const money = (lang: Language, cents: number) => plainSpaces(moneyText(lang, centsToDecimal(cents)));

/** A price given as a number of currency units (the market summary's). */
export const price = (lang: Language, units: number) => plainSpaces(moneyText(lang, units));

/** A quantity the API gives in tons (an order's), as a phone shows it. */
export const tonsText = (lang: Language, tons: number) =>
  plainSpaces(new Intl.NumberFormat(lang, { maximumFractionDigits: 3 }).format(tons));

/** A quantity stored in kilograms, shown in tons. */
export const tons = (lang: Language, kg: number) => tonsText(lang, kgToTons(kg));

/** A change in percent with its sign, or nothing when flat. */
export const change = (lang: Language, percent: number) =>
  percent === 0
    ? ''
    : plainSpaces(
        new Intl.NumberFormat(lang, { maximumFractionDigits: 1, signDisplay: 'always' }).format(percent) +
          '%',
      );
