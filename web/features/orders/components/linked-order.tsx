// The order a link names (`/orders?order=ID`, from the operations view), opened above the lists.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ERROR_SMALL, QueryState } from '../../../components/query-state';
import { cn } from '../../../lib/cn';
import { orderQuery } from '../api/get-order';
import { OrderCard } from './order-card';

export function LinkedOrder({ orderId }: { orderId: number }) {
  const { t } = useTranslation('orders');
  const order = useQuery(orderQuery(orderId));
  if (!order.isSuccess) {
    return (
      <QueryState
        query={order}
        pending={null}
        error={(message) => t('linked.error', { error: message })}
        errorClassName={cn('mb-4', ERROR_SMALL)}
      />
    );
  }
  return (
    <section aria-label={t('linked.title', { id: orderId })} className="mb-6">
      <OrderCard order={order.data} side="all" defaultOpen />
    </section>
  );
}
