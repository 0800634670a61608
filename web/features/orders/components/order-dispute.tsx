// An order's dispute: why it was opened and, once settled, how.
import { useTranslation } from 'react-i18next';
import type { TOrder } from '../../../../contract/orders';
import { formatMoney, formatTons } from '../../../lib/format';
import { day } from './order-format';

export function OrderDispute({ dispute }: { dispute: NonNullable<TOrder['dispute']> }) {
  const { t, i18n } = useTranslation('orders');
  const lng = i18n.language;
  return (
    <div className="flex flex-col gap-1 text-sm text-stone-700">
      <p>
        <span className="font-medium text-stone-900">{t(`disputeReasons.${dispute.reason}`)}</span> ·{' '}
        {t('disputeInfo.opened', { date: day(dispute.openedAt, lng) })}
      </p>
      {dispute.orderedQuantity !== null && dispute.weighedQuantity !== null ? (
        <p data-testid="dispute-weights">
          {t('disputeInfo.weights', {
            ordered: formatTons(dispute.orderedQuantity, lng),
            weighed: formatTons(dispute.weighedQuantity, lng),
          })}
        </p>
      ) : null}
      {dispute.note ? <p>{dispute.note}</p> : null}
      {dispute.resolution ? (
        <p className="font-medium text-stone-900">
          {t(`resolutions.${dispute.resolution}`)}
          {dispute.refund !== null ? ` · ${formatMoney(dispute.refund, lng)}` : null}
          {dispute.resolvedAt ? ` · ${day(dispute.resolvedAt, lng)}` : null}
        </p>
      ) : (
        <p>{t('disputeInfo.pending')}</p>
      )}
      {dispute.resolutionNote ? <p>{dispute.resolutionNote}</p> : null}
    </div>
  );
}
