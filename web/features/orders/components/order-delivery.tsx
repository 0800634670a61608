// How the goods travel: by which driver and where the delivery stands, or collected by the buyer.
import { useTranslation } from 'react-i18next';
import type { TDelivery } from '../../../../contract/orders';
import { JobTerms } from '../../../components/delivery/job-terms';
import { Badge } from '../../../components/ui/badge';
import { formatTons } from '../../../lib/format';

export function OrderDelivery({ delivery }: { delivery: TDelivery | null }) {
  const { t, i18n } = useTranslation('orders');
  if (!delivery) {
    return <p className="text-sm text-stone-600">{t('delivery.none')}</p>;
  }
  return (
    <div className="flex flex-col gap-1 text-sm text-stone-700">
      <p className="flex flex-wrap items-center gap-2">
        <span>
          {delivery.mode === 'pickup'
            ? t('delivery.pickup')
            : t('delivery.driver', { name: delivery.driver?.username ?? '' })}
        </span>
        <Badge variant="secondary">{t(`deliveryStatus.${delivery.status}`)}</Badge>
      </p>
      {delivery.weighedQuantity !== null ? (
        <p>{t('delivery.weighed', { value: formatTons(delivery.weighedQuantity, i18n.language) })}</p>
      ) : null}
      {delivery.note ? <p>{t('delivery.note', { note: delivery.note })}</p> : null}
      <JobTerms delivery={delivery} />
    </div>
  );
}
