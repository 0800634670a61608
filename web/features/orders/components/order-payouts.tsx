// Where an order's money went out of escrow: each payout (the seller's share, the agent's commission, a refund) with
// its amount and how it stands: sent to a number, on its way, or waiting for a manager and why.
import { useTranslation } from 'react-i18next';
import type { TPayout } from '../../../../contract/payments';
import { formatMoney } from '../../../lib/format';

export function OrderPayouts({ payouts }: { payouts: TPayout[] }) {
  const { t, i18n } = useTranslation('payments');
  return (
    <section aria-label={t('payouts.title')} data-testid="order-payouts">
      <h4 className="text-xs font-semibold uppercase text-stone-600">{t('payouts.title')}</h4>
      <ul className="divide-y divide-stone-200 text-sm">
        {payouts.map((payout) => (
          <li key={payout.id} className="flex flex-col gap-0.5 py-2" data-testid="order-payout">
            <div className="flex flex-wrap justify-between gap-2">
              <span className="font-medium">
                {t(`payouts.kind.${payout.kind}`, { name: payout.to.username })}
              </span>
              <span className="font-medium">{formatMoney(payout.amount, i18n.language)}</span>
            </div>
            <PayoutState payout={payout} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** How one payout stands, in a sentence. */
export function PayoutState({ payout }: { payout: TPayout }) {
  const { t } = useTranslation('payments');
  if (payout.status === 'succeeded') {
    return (
      <span className="text-green-800">
        {payout.method === 'mobile_money' && payout.phone
          ? t('payouts.sent', { phone: payout.phone })
          : t('payouts.paidBy', { method: t(`payouts.method.${payout.method}`) })}
        {payout.reference ? ` · ${payout.reference}` : null}
      </span>
    );
  }
  if (payout.status === 'failed') {
    return (
      <span className="text-red-800">
        {t('payouts.failed', { reason: t(`reasons.${payout.failureReason ?? 'provider_error'}`) })}
      </span>
    );
  }
  if (payout.failureReason) {
    return <span className="text-amber-900">{t(`reasons.${payout.failureReason}`)}</span>;
  }
  return (
    <span className="text-stone-700">
      {payout.phone ? t('payouts.onItsWay', { phone: payout.phone }) : t('payouts.pending')}
    </span>
  );
}
