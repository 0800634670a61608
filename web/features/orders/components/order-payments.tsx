// An order's money: total, paid, refunded and due, then each payment received and each refund given back.
import { useTranslation } from 'react-i18next';
import type { TOrder } from '../../../../contract/orders';
import { formatMoney } from '../../../lib/format';
import { day } from './order-format';

export function OrderPayments({ order }: { order: TOrder }) {
  const { t, i18n } = useTranslation('orders');
  const lng = i18n.language;
  const figures = [
    ['total', order.payment.total],
    ['paid', order.payment.paid],
    ['refunded', order.payment.refunded],
    ['due', order.payment.due],
  ] as const;
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {figures.map(([name, amount]) => (
          <div key={name} className="rounded-md bg-stone-50 p-2">
            <dt className="text-xs text-stone-600">{t(`money.${name}`)}</dt>
            <dd className="font-semibold text-stone-900">{formatMoney(amount, lng)}</dd>
          </div>
        ))}
      </dl>
      {order.payments.length === 0 ? (
        <p className="text-sm text-stone-600">{t('money.noPayments')}</p>
      ) : (
        <ul className="divide-y divide-stone-200 text-sm">
          {order.payments.map((payment) => (
            <li key={payment.id} className="flex flex-wrap justify-between gap-2 py-2">
              <span>
                {day(payment.paidAt, lng)} · {t(`paymentMethods.${payment.method}`)}
                {payment.reference ? ` · ${payment.reference}` : null}
              </span>
              <span className="font-medium">{formatMoney(payment.amount, lng)}</span>
            </li>
          ))}
        </ul>
      )}
      {order.refunds.length === 0 ? null : (
        <section aria-label={t('money.refunds')} data-testid="order-refunds">
          <h4 className="text-xs font-semibold uppercase text-stone-600">{t('money.refunds')}</h4>
          <ul className="divide-y divide-stone-200 text-sm">
            {order.refunds.map((refund) => (
              <li key={refund.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span>
                  {day(refund.refundedAt ?? refund.createdAt, lng)} ·{' '}
                  {t('money.refundLine', {
                    method: t(`paymentMethods.${refund.method}`),
                    reason: t(`refundReasons.${refund.reason}`),
                  })}
                  {refund.reference ? ` · ${refund.reference}` : null}
                  {refund.status === 'completed' ? null : ` · ${t(`refundStatus.${refund.status}`)}`}
                </span>
                <span className="font-medium">{formatMoney(refund.amount, lng)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
