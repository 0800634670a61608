// Payouts waiting for a manager (no proven number, payouts not set up, or failed): each with "Try again" and
// "Record payout made by other means".
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { BlockSpinner, ERROR_SMALL, QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatMoney } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { toast, toastError } from '../../../lib/toast-store';
import { type TWaitingPayout, useWaitingPayouts } from '../api/get-waiting-payouts';
import { useRetryPayout } from '../api/retry-payout';
import { orderHref } from '../links';
import { RecordPayoutDialog } from './record-payout-dialog';

export function WaitingPayouts() {
  const { t } = useTranslation('payments');
  const payouts = useWaitingPayouts(true);
  return (
    <Card className="mb-6" data-testid="waiting-payouts">
      <CardHeader>
        <CardTitle>{t('operations.payoutsTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState
          query={payouts}
          error={t('operations.loadError')}
          errorClassName={ERROR_SMALL}
          pending={<BlockSpinner className="py-6" />}
          isEmpty={(data) => data.length === 0}
          empty={<p className="text-sm text-stone-600">{t('operations.noPayouts')}</p>}
        >
          {(data) => (
            <ul className="divide-y divide-stone-200">
              {data.map((payout) => (
                <WaitingPayout key={payout.id} payout={payout} />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function WaitingPayout({ payout }: { payout: TWaitingPayout }) {
  const { t, i18n } = useTranslation('payments');
  const retry = useRetryPayout();
  const reason = payout.failureReason ?? 'provider_error';
  return (
    <li className="flex flex-col gap-2 py-3 text-sm" data-testid="waiting-payout">
      <div className="flex flex-wrap justify-between gap-2">
        <span className="font-medium text-stone-900">
          {t(`payouts.kind.${payout.kind}`, { name: payout.to.username })}
        </span>
        <span className="font-semibold tabular-nums">{formatMoney(payout.amount, i18n.language)}</span>
      </div>
      {payout.orderId !== null ? (
        <Link
          href={orderHref(payout.orderId)}
          className="inline-flex min-h-11 items-center self-start text-brand-800 underline-offset-2 hover:underline"
        >
          {t('operations.orderNumber', { id: payout.orderId })}
        </Link>
      ) : null}
      <p className={payout.status === 'failed' ? 'text-red-800' : 'text-amber-900'}>
        {payout.phone ? `${payout.phone} · ` : null}
        {t(`reasons.${reason}`)}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={retry.isPending}
          onClick={() =>
            mutateThen(retry, payout.id, {
              onSuccess: () => toast({ title: t('operations.retried') }),
              onError: (error) => toastError(t('operations.failed'), error),
            })
          }
        >
          {t('operations.retry')}
        </Button>
        <RecordPayoutDialog payout={payout} />
      </div>
    </li>
  );
}
