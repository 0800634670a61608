// Marketplace number display: prices with two decimals in the user's locale, tons with up to three.
import { formatMoney, numberFormat } from '../../lib/format';

export const price = (value: number, language: string) => formatMoney(value, language);

export function tons(value: number, language: string): string {
  return numberFormat(language, { maximumFractionDigits: 3 }).format(value);
}

export function percent(value: number, language: string): string {
  return numberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(value);
}

/** An API decimal for an outbox label: a number formatted as a price, text (as typed) left alone. */
export const priceLabel = (value: number | string, language: string) =>
  typeof value === 'number' ? price(value, language) : value;

/** The same for tons. */
export const tonsLabel = (value: number | string, language: string) =>
  typeof value === 'number' ? tons(value, language) : value;
