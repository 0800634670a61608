// An order's status as a coloured label.
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '../../../../contract/orders-constants';
import { Badge } from '../../../components/ui/badge';

const variants = {
  awaiting_delivery: 'outline',
  in_transit: 'secondary',
  delivered: 'default',
  completed: 'default',
  cancelled: 'secondary',
  disputed: 'destructive',
} as const satisfies Record<OrderStatus, string>;

export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('orders');
  return <Badge variant={variants[status]}>{t(`status.${status}`)}</Badge>;
}
