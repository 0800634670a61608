// The crop screen's figures in the reader's language: calendar days, hectares, tons, money, a crop's name.
import { useTranslation } from 'react-i18next';
import type { CropKey } from '../../../../contract/crops-constants';
import { formatDateParts, formatMoney, formatNumber } from '../../../lib/format';

const DAY = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const SHORT_DAY = { day: 'numeric', month: 'short' } as const;

export function useCropFormat() {
  const { t, i18n } = useTranslation(['crops', 'agronomy']);
  const language = i18n.language;
  const number = (value: number, max = 2) =>
    formatNumber(Math.round(value * 10 ** max) / 10 ** max, language);
  return {
    language,
    /** A calendar day 'YYYY-MM-DD' (or a timestamp's day) read as a local day: '6 juil. 2026'. */
    day: (date: string) => formatDateParts(`${date.slice(0, 10)}T00:00:00`, language, DAY),
    shortDay: (date: string) => formatDateParts(`${date.slice(0, 10)}T00:00:00`, language, SHORT_DAY),
    number,
    hectares: (value: number) => t('crops:season.plotArea', { area: number(value) }),
    perHectare: (value: number) => t('crops:yield.perHectare', { value: number(value) }),
    tons: (value: number) => t('crops:harvests.tons', { value: number(value, 3) }),
    percent: (fraction: number) => `${formatNumber(Math.round(fraction * 100), language)} %`,
    money: (amount: number) => formatMoney(amount, language),
    crop: (crop: CropKey) => t(`agronomy:crop.${crop}`),
  };
}
