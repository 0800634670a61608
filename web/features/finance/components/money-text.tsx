// Shared bits of the financial screen: money and dates in the user's language, and the signed amount of a transaction.
import { useTranslation } from 'react-i18next';
import type { TTransaction } from '../../../../contract/finance';
import { cn } from '../../../lib/cn';
import { formatDateParts, formatMoney } from '../../../lib/format';

export function useMoney() {
  const { i18n } = useTranslation();
  return (amount: number) => formatMoney(amount, i18n.language);
}

// 'Jan 03, 2026' / '3 janv. 2026' (the date-fns patterns 'MMM dd, yyyy' and 'd MMM yyyy' this screen used).
const DAY_OPTIONS = {
  en: { day: '2-digit', month: 'short', year: 'numeric' },
  fr: { day: 'numeric', month: 'short', year: 'numeric' },
} as const;

/** A calendar date 'YYYY-MM-DD' read as a local day (as UTC midnight it would show the day before in the Americas). */
export function useDay() {
  const { i18n } = useTranslation();
  return (date: string) =>
    formatDateParts(`${date}T00:00:00`, i18n.language, DAY_OPTIONS[i18n.language === 'fr' ? 'fr' : 'en']);
}

export function SignedAmount({ transaction }: { transaction: TTransaction }) {
  const money = useMoney();
  const income = transaction.type === 'income';
  return (
    <span
      className={cn(
        'shrink-0 font-semibold whitespace-nowrap tabular-nums',
        income ? 'text-green-700' : 'text-red-700',
      )}
    >
      {income ? '+' : '−'}
      {money(transaction.amount)}
    </span>
  );
}

/** A category key in the user's language; the farm's own free-text categories are shown as typed. */
export function useCategoryLabel() {
  const { t } = useTranslation('finance');
  return (category: string) => t(`categories.${category}`, { defaultValue: category });
}
