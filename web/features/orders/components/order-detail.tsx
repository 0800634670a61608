// One order opened: the buyer's code, the delivery and its timeline, the money, the dispute and the actions.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TOrder } from '../../../../contract/orders';
import { OrderRatings } from '../../../components/ratings/order-ratings';
import { useUser } from '../../../lib/session';
import { HandoverCode } from './handover-code';
import { MobilePay, mobileProviders } from './mobile-pay';
import { OrderActions } from './order-actions';
import { OrderDelivery } from './order-delivery';
import { OrderDispute } from './order-dispute';
import { hasEscrow, OrderEscrow } from './order-escrow';
import { OrderPayments } from './order-payments';
import { OrderTimeline } from './order-timeline';
import { OrderWeighing } from './order-weighing';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h3 id={id} className="text-sm font-semibold text-stone-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

export function OrderDetail({ order }: { order: TOrder }) {
  const { t } = useTranslation(['orders', 'ratings', 'payments']);
  const id = (name: string) => `order-${order.id}-${name}`;
  const user = useUser().data;
  const me = user?.id;
  const payer = me === order.buyer.id ? 'buyer' : user?.role === 'manager' ? 'manager' : null;
  const pays =
    payer !== null &&
    ((order.can.payByMobile && mobileProviders().length > 0) || order.mobilePayments.length > 0);
  const side =
    me === order.buyer.id ? 'buyer' : me === order.seller.id || me === order.agent?.id ? 'seller' : 'other';
  // The buyer and the seller rate each other once the order was completed (a later dispute does not undo that).
  const rates =
    (me === order.buyer.id || me === order.seller.id) &&
    (order.status === 'completed' || order.timeline.some((e) => e.status === 'completed'));
  return (
    <div className="flex flex-col gap-5 border-t border-stone-200 pt-4">
      {order.handoverCode ? <HandoverCode order={order} code={order.handoverCode} /> : null}
      <OrderActions order={order} />
      {pays && payer ? (
        <Section id={id('mobile')} title={t('payments:pay.section')}>
          <MobilePay order={order} payer={payer} />
        </Section>
      ) : null}
      {hasEscrow(order) ? (
        <Section id={id('escrow')} title={t('payments:escrow.title')}>
          <OrderEscrow order={order} side={side} />
        </Section>
      ) : null}
      <Section id={id('delivery')} title={t('detail.delivery')}>
        <OrderDelivery delivery={order.delivery} />
      </Section>
      {order.weighing.weighed !== null ? (
        <Section id={id('weighing')} title={t('weighing.title')}>
          <OrderWeighing weighing={order.weighing} />
        </Section>
      ) : null}
      <Section id={id('timeline')} title={t('detail.timeline')}>
        <OrderTimeline timeline={order.timeline} />
      </Section>
      <Section id={id('payments')} title={t('detail.payments')}>
        <OrderPayments order={order} />
      </Section>
      {order.dispute ? (
        <Section id={id('dispute')} title={t('detail.dispute')}>
          <OrderDispute dispute={order.dispute} />
        </Section>
      ) : null}
      {rates ? (
        <Section id={id('ratings')} title={t('ratings:order.title')}>
          <OrderRatings
            orderId={order.id}
            other={me === order.buyer.id ? order.seller.username : order.buyer.username}
          />
        </Section>
      ) : null}
    </div>
  );
}
