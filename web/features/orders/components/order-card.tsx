// One order in the list: what, how much, with whom, its status and what is due; opens to its detail.
import { ChevronDown } from 'lucide-react';
import { memo, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TOrder } from '../../../../contract/orders';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatMoney, formatTons } from '../../../lib/format';
import { preloadable } from '../../../lib/preloadable';
import type { OrderSide } from '../api/get-orders';
import { day } from './order-format';
import { StatusBadge } from './status-badge';

// The detail (its actions' dialogs, their forms and the validator) loads when a card is first opened, not with the
// screen; hovering or focusing the button starts loading it.
const { Component: OrderDetail, preload: preloadDetail } = preloadable(() =>
  import('./order-detail').then((m) => m.OrderDetail),
);

/** The parties worth naming from where the caller stands: the other side, or both. */
function parties(order: TOrder, side: OrderSide) {
  const list: { role: 'buyer' | 'seller' | 'agent'; name: string }[] = [];
  if (side !== 'buyer') {
    list.push({ role: 'buyer', name: order.buyer.username });
  }
  if (side !== 'seller') {
    list.push({ role: 'seller', name: order.seller.username });
  }
  if (order.agent && side !== 'agent') {
    list.push({ role: 'agent', name: order.agent.username });
  }
  return list;
}

export const OrderCard = memo(function OrderCard({
  order,
  side,
  defaultOpen = false,
}: {
  order: TOrder;
  side: OrderSide;
  /** Opened on its detail at first (an order a link names). */
  defaultOpen?: boolean;
}) {
  const { t, i18n } = useTranslation('orders');
  const lng = i18n.language;
  const [open, setOpen] = useState(defaultOpen);
  const detailId = `order-${order.id}-detail`;
  const owing = order.status !== 'cancelled' && order.payment.due > 0;
  return (
    <Card data-testid="order-card">
      <CardContent className="flex flex-col gap-3 pt-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 className="text-base font-semibold text-stone-900">
              {order.commodity.name}{' '}
              <span className="font-normal text-stone-600">
                {t('card.grade', { grade: order.commodity.grade })}
              </span>
            </h2>
            <p className="text-xs text-stone-600">
              {t('card.number', { id: order.id })} · {day(order.createdAt, lng)}
            </p>
          </div>
          <StatusBadge status={order.status} />
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-stone-600">{t('card.quantity')}</dt>
            <dd className="font-medium">{t('tons', { value: formatTons(order.quantity, lng) })}</dd>
          </div>
          <div>
            <dt className="text-stone-600">{t('card.price')}</dt>
            <dd className="font-medium">{formatMoney(order.price, lng)}</dd>
          </div>
          <div>
            <dt className="text-stone-600">{t('card.total')}</dt>
            <dd className="font-medium">{formatMoney(order.total, lng)}</dd>
          </div>
          <div>
            <dt className="text-stone-600">{t('card.due')}</dt>
            <dd className={cn('font-medium', owing ? 'text-amber-800' : 'text-stone-900')}>
              {owing ? formatMoney(order.payment.due, lng) : t('card.nothingDue')}
            </dd>
          </div>
          {parties(order, side).map((party) => (
            <div key={party.role}>
              <dt className="text-stone-600">{t(`card.${party.role}`)}</dt>
              <dd className="font-medium break-words">{party.name}</dd>
            </div>
          ))}
        </dl>
        <Button
          variant="ghost"
          align="start"
          className="self-start"
          aria-expanded={open}
          aria-controls={detailId}
          onClick={() => setOpen((value) => !value)}
          onPointerEnter={() => void preloadDetail()}
          onFocus={() => void preloadDetail()}
        >
          <ChevronDown aria-hidden className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} />
          {open ? t('card.hideDetails') : t('card.showDetails')}
        </Button>
        <div id={detailId} hidden={!open}>
          {open ? (
            <Suspense fallback={<Spinner />}>
              <OrderDetail order={order} />
            </Suspense>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
});
