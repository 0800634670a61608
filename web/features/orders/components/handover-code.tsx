// The buyer's handover code, big, with the way to renew it (which also unlocks a delivery locked by wrong codes).
import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TOrder } from '../../../../contract/orders';
import { Button } from '../../../components/ui/button';
import { formatMoney, formatTons } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast } from '../../../lib/toast-store';
import { useRenewCode } from '../api/renew-code';
import { useFailureToast } from '../hooks/use-failure-toast';

export function HandoverCode({ order, code }: { order: TOrder; code: string }) {
  const { t, i18n } = useTranslation('orders');
  const lng = i18n.language;
  const renew = useRenewCode(order.id);
  const failed = useFailureToast();
  const locked = order.delivery !== null && order.delivery.codeAttemptsLeft <= 0;
  const headingId = `code-${order.id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-brand-100 bg-brand-50 p-4">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-brand-900">
        <KeyRound aria-hidden className="h-4 w-4" />
        {t('code.title')}
      </h3>
      <p
        className="my-2 font-mono text-4xl font-bold tracking-[0.3em] text-stone-900"
        data-testid="handover-code"
      >
        {code}
      </p>
      <p className="text-sm text-stone-700">{t('code.hint')}</p>
      {order.weighing.toAccept &&
      order.weighing.weighed !== null &&
      order.weighing.totalIfAccepted !== null ? (
        <p role="status" className="mt-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          {t('weighing.buyerToAccept', {
            weighed: formatTons(order.weighing.weighed, lng),
            ordered: formatTons(order.weighing.ordered, lng),
            total: formatMoney(order.weighing.totalIfAccepted, lng),
          })}
        </p>
      ) : null}
      {locked ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {t('code.locked')}
        </p>
      ) : null}
      {order.can.renewCode ? (
        <Button
          variant="secondary"
          className="mt-3"
          disabled={renew.isPending}
          onClick={() =>
            mutateThen(renew, undefined, {
              onSuccess: (result) => {
                if (!isQueued(result)) {
                  toast({ title: t('code.renewed') });
                }
              },
              onError: failed,
            })
          }
        >
          {t('code.renew')}
        </Button>
      ) : null}
    </section>
  );
}
