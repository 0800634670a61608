// The order a link names (`/orders?order=ID`, from the operations view), opened above the lists.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryErrorText } from '../../../lib/api-client';
import { orderQuery } from '../api/get-order';
import { OrderCard } from './order-card';

export function LinkedOrder({ orderId }: { orderId: number }) {
  const { t } = useTranslation('orders');
  const order = useQuery(orderQuery(orderId));
  if (order.isPending) {
    return null;
  }
  if (order.isError) {
    return (
      <p role="alert" className="mb-4 text-sm text-red-700">
        {t('linked.error', { error: queryErrorText(order.error) })}
      </p>
    );
  }
  return (
    <section aria-label={t('linked.title', { id: orderId })} className="mb-6">
      <OrderCard order={order.data} side="all" defaultOpen />
    </section>
  );
}
