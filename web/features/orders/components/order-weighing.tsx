// The goods on the scale against the order, for both sides: ordered, weighed (and how far off), the tons billed, and
// a weighing beyond the tolerance that the buyer's code at hand-over accepts.
import { useTranslation } from 'react-i18next';
import type { TOrder } from '../../../../contract/orders';
import { formatMoney, formatTons, numberFormat } from '../../../lib/format';

/** A weighing's difference from the order: '−1 %', '+3,3 %', signed, to one decimal. */
export function formatDeviation(percent: number, language: string): string {
  return numberFormat(language, {
    style: 'percent',
    signDisplay: 'exceptZero',
    maximumFractionDigits: 1,
  }).format(percent / 100);
}

export function OrderWeighing({ weighing }: { weighing: TOrder['weighing'] }) {
  const { t, i18n } = useTranslation('orders');
  const lng = i18n.language;
  if (weighing.weighed === null) {
    return null;
  }
  const tons = (value: number) => t('tons', { value: formatTons(value, lng) });
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="order-weighing">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-3">
        <div>
          <dt className="text-stone-600">{t('weighing.ordered')}</dt>
          <dd className="font-medium">{tons(weighing.ordered)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">{t('weighing.weighed')}</dt>
          <dd className="font-medium">
            {t('weighing.change', {
              value: formatTons(weighing.weighed, lng),
              percent: formatDeviation(weighing.deviationPercent ?? 0, lng),
            })}
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">{t('weighing.billed')}</dt>
          <dd className="font-medium">{tons(weighing.billed)}</dd>
        </div>
      </dl>
      {weighing.toAccept && weighing.totalIfAccepted !== null ? (
        <p role="status" className="rounded-md bg-amber-50 p-2 text-amber-900">
          {t('weighing.toAccept', { total: formatMoney(weighing.totalIfAccepted, lng) })}
        </p>
      ) : null}
    </div>
  );
}
