// The co-operative screens' figures in the reader's language: money from the API's minor units, tons and kilograms,
// and calendar days.
import { useTranslation } from 'react-i18next';
import { centsToDecimal } from '../../../contract/money';
import { formatDateParts, formatMoney, formatNumber, formatTons } from '../../lib/format';

/** An amount the co-operative API gives in minor units, in the deployment's currency. */
export const coopMoney = (minor: number, language: string) => formatMoney(centsToDecimal(minor), language);

/** A calendar date 'YYYY-MM-DD' (or a timestamp) as a local day: '12 nov. 2026', 'Nov 12, 2026'. */
export const coopDay = (date: string, language: string) =>
  formatDateParts(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00` : date, language, {
    dateStyle: 'medium',
  });

/** Tons as whole kilograms ('300'), for a delivery a keeper weighed. */
export const kgOf = (tons: number, language: string) => formatNumber(Math.round(tons * 1000), language);

/** The formatters bound to the reader's language. */
export function useCoopFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return {
    money: (minor: number) => coopMoney(minor, language),
    day: (date: string) => coopDay(date, language),
    tons: (value: number) => formatTons(value, language),
    kg: (tons: number) => kgOf(tons, language),
    number: (value: number) => formatNumber(value, language),
    language,
  };
}
