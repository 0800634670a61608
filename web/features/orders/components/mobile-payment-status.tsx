// The last payment asked of a wallet, live: what to do while it waits (approve MTN's prompt, or open Orange's page),
// then held in escrow, or why it failed in plain words.
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, ExternalLink } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMobilePayment } from '../../../../contract/payments';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatMoney } from '../../../lib/format';
import { useMobilePayment } from '../api/get-mobile-payment';
import { invalidateOrders } from '../api/get-orders';

export function MobilePaymentStatus({ payment }: { payment: TMobilePayment }) {
  const { t, i18n } = useTranslation('payments');
  const queryClient = useQueryClient();
  const polled = useMobilePayment(payment).data;
  // A final status never changes again: the order's copy wins once it has one; until then the polled one.
  const shown = payment.status === 'pending' ? polled : payment;
  const { status } = shown;
  // The order learns what the poll saw (its paid figure, its escrow), should the live event not come.
  useEffect(() => {
    if (payment.status === 'pending' && status !== 'pending') {
      void invalidateOrders(queryClient);
    }
  }, [payment.status, status, queryClient]);
  const amount = formatMoney(shown.amount, i18n.language);
  const provider = t(`providers.${shown.provider}`);
  if (status === 'succeeded') {
    return (
      <p role="status" className="flex items-start gap-2 rounded-md bg-green-50 p-3 text-sm text-green-900">
        <CircleCheck aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
        {t('live.succeeded', { amount, provider })}
      </p>
    );
  }
  if (status === 'failed' || status === 'expired') {
    const reason = shown.failureReason ?? (status === 'expired' ? 'not_approved_in_time' : 'provider_error');
    return (
      <div role="status" className="flex items-start gap-2 rounded-md bg-red-50 p-3 text-sm text-red-900">
        <CircleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
        <div>
          <p className="font-medium">{t('live.failed', { amount, provider })}</p>
          <p>{t(`reasons.${reason}`)}</p>
        </div>
      </div>
    );
  }
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm"
    >
      <p className="flex items-center gap-2 font-medium text-amber-900">
        <Spinner />
        {t('live.pending', { amount, provider })}
      </p>
      {shown.paymentUrl ? (
        <>
          <p className="text-stone-800">{t('live.openPage')}</p>
          <Button asChild className="self-start">
            <a href={shown.paymentUrl} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden className="h-4 w-4" />
              {t('live.openPageButton', { provider })}
            </a>
          </Button>
        </>
      ) : (
        <p className="text-stone-800">
          {shown.phone ? t('live.approveOn', { phone: shown.phone }) : t('live.approve')}
        </p>
      )}
    </div>
  );
}
