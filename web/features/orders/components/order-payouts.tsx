// Where an order's money went out of escrow: each payout (the seller's share, the agent's commission, a refund) with
// its amount and how it stands: sent to a number, on its way, or waiting for a manager and why.
import { useTranslation } from 'react-i18next';
import type { TPayout } from '../../../../contract/payments';
import { formatMoney } from '../../../lib/format';
import { type PayoutTone, payoutNote } from './escrow-wording';

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

const TONES: Record<PayoutTone, string> = {
  done: 'text-green-800',
  failed: 'text-red-800',
  waiting: 'text-amber-900',
  pending: 'text-stone-700',
};

/** How one payout stands, in a sentence. */
function PayoutState({ payout }: { payout: TPayout }) {
  const { t } = useTranslation('payments');
  const note = payoutNote(payout);
  const params = { ...note.params };
  for (const [name, key] of Object.entries(note.nested)) {
    params[name] = t(key);
  }
  return (
    <span className={TONES[note.tone]}>
      {t(note.key, params)}
      {note.tone === 'done' && payout.reference ? ` · ${payout.reference}` : null}
    </span>
  );
}
