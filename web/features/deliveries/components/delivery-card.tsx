// One delivery on the driver's screen: what to carry, from where to where and when, the fee, from whom to whom (with
// call buttons), and the next step.
import { ShieldCheck } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDelivery, TOrder } from '../../../../contract/orders';
import { ContactBlock } from '../../../components/contact-block';
import { JobTerms } from '../../../components/delivery/job-terms';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent } from '../../../components/ui/card';
import { formatTons } from '../../../lib/format';
import { NextStep } from './next-step';

export const DeliveryCard = memo(function DeliveryCard({
  order,
  delivery,
}: {
  order: TOrder;
  delivery: TDelivery;
}) {
  const { t, i18n } = useTranslation(['orders', 'payments']);
  const lng = i18n.language;
  return (
    <Card data-testid="delivery-card">
      <CardContent className="flex flex-col gap-3 pt-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h3 className="text-lg font-semibold text-stone-900">
              {order.commodity.name} · {t('tons', { value: formatTons(order.quantity, lng) })}
            </h3>
            <p className="text-sm text-stone-600">{t('card.number', { id: order.id })}</p>
          </div>
          <Badge variant="secondary">{t(`deliveryStatus.${delivery.status}`)}</Badge>
        </div>
        <JobTerms delivery={delivery} />
        {order.escrow.held > 0 ? (
          // The buyer's money is with the operator: the driver hands over without collecting anything.
          <p
            className="flex items-start gap-2 rounded-md bg-green-50 p-2 text-sm font-medium text-green-900"
            data-testid="payment-secured"
          >
            <ShieldCheck aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
            {t('payments:driver.secured')}
          </p>
        ) : null}
        {delivery.weighedQuantity !== null ? (
          <p className="text-sm text-stone-700">
            {t('delivery.weighed', { value: formatTons(delivery.weighedQuantity, lng) })}
          </p>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <ContactBlock title={t('driver.pickupFrom')} contact={delivery.pickup} />
          <ContactBlock title={t('driver.dropoffTo')} contact={delivery.dropoff} />
        </div>
        {delivery.note ? (
          <p className="text-sm text-stone-700">{t('delivery.note', { note: delivery.note })}</p>
        ) : null}
        <NextStep delivery={delivery} orderId={order.id} weighing={order.weighing} />
      </CardContent>
    </Card>
  );
});
