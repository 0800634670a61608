// Marketplace number display: prices with two decimals in the user's locale, tons with up to three.
import { formatMoney, numberFormat } from '../../lib/format';

export const price = (value: number, language: string) => formatMoney(value, language);

export function tons(value: number, language: string): string {
  return numberFormat(language, { maximumFractionDigits: 3 }).format(value);
}

/** Decimals a percentage change is shown with. */
const PERCENT_DECIMALS = 2;

export function percent(value: number, language: string): string {
  return numberFormat(language, {
    minimumFractionDigits: PERCENT_DECIMALS,
    maximumFractionDigits: PERCENT_DECIMALS,
    signDisplay: 'exceptZero',
  }).format(value);
}

export type ChangeDirection = 'up' | 'down' | 'flat';

/** Which way a change in percent goes, as shown: one that reads 0,00 % is flat, neither up (green) nor down. */
export function changeDirection(value: number): ChangeDirection {
  const shown = Math.round(value * 10 ** PERCENT_DECIMALS);
  return shown > 0 ? 'up' : shown < 0 ? 'down' : 'flat';
}

/** An API decimal for an outbox label: a number formatted as a price, text (as typed) left alone. */
export const priceLabel = (value: number | string, language: string) =>
  typeof value === 'number' ? price(value, language) : value;

/** The same for tons. */
export const tonsLabel = (value: number | string, language: string) =>
  typeof value === 'number' ? tons(value, language) : value;
