// An order's money with the operator: held, released to the seller's side, refunded; when it goes to the seller (or
// that a dispute holds it), the buyer's "Release now", and where the payouts went.
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TOrder } from '../../../../contract/orders';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatMoney } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { toast } from '../../../lib/toast-store';
import { useReleaseEscrow } from '../api/release-escrow';
import { useFailureToast } from '../hooks/use-failure-toast';
import { type EscrowSide, escrowNote } from './escrow-wording';
import { moment } from './order-format';
import { OrderPayouts } from './order-payouts';

/** Whether mobile money ever touched the order: without it, the panel has nothing to say. */
export const hasEscrow = (order: TOrder): boolean =>
  order.escrow.held > 0 || order.escrow.released > 0 || order.escrow.refunded > 0 || order.payouts.length > 0;

export function OrderEscrow({ order, side }: { order: TOrder; side: EscrowSide }) {
  const { t, i18n } = useTranslation('payments');
  const lng = i18n.language;
  const { escrow } = order;
  const figures = [
    ['held', escrow.held],
    ['released', escrow.released],
    ['refunded', escrow.refunded],
  ] as const;
  return (
    <div className="flex flex-col gap-3" data-testid="order-escrow">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {figures.map(([name, amount]) => (
          <div key={name} className="rounded-md bg-stone-50 p-2">
            <dt className="text-xs text-stone-600">{t(`escrow.${name}`)}</dt>
            <dd className="font-semibold text-stone-900">{formatMoney(amount, lng)}</dd>
          </div>
        ))}
      </dl>
      <EscrowLine order={order} side={side} />
      {order.can.releaseEscrow ? <ReleaseNow order={order} /> : null}
      {order.payouts.length > 0 ? <OrderPayouts payouts={order.payouts} /> : null}
    </div>
  );
}

function EscrowLine({ order, side }: { order: TOrder; side: EscrowSide }) {
  const { t, i18n } = useTranslation('payments');
  const note = escrowNote(order.escrow, side);
  if (!note) {
    return null;
  }
  const text = t(note.key, note.at ? { date: moment(note.at, i18n.language) } : {});
  if (note.tone === 'held') {
    return (
      <p className="flex items-start gap-2 rounded-md bg-green-50 p-2 text-sm text-green-900">
        <ShieldCheck aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
        {text}
      </p>
    );
  }
  return (
    <p
      className={
        note.tone === 'frozen'
          ? 'rounded-md bg-amber-50 p-2 text-sm text-amber-900'
          : 'text-sm text-stone-700'
      }
    >
      {text}
    </p>
  );
}

function ReleaseNow({ order }: { order: TOrder }) {
  const { t, i18n } = useTranslation('payments');
  const [open, setOpen] = useState(false);
  const release = useReleaseEscrow(order.id);
  const failed = useFailureToast();
  return (
    <>
      <Button variant="secondary" className="self-start" onClick={() => setOpen(true)}>
        {t('escrow.release')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('escrow.releaseTitle', { id: order.id })}
        description={t('escrow.releaseDescription', {
          amount: formatMoney(order.escrow.held, i18n.language),
          seller: order.seller.username,
        })}
        confirmLabel={t('escrow.releaseConfirm')}
        cancelLabel={t('escrow.releaseCancel')}
        pending={release.isPending}
        onConfirm={() =>
          mutateThen(release, undefined, {
            onSuccess: () => {
              toast({ title: t('escrow.releaseDone') });
              setOpen(false);
            },
            onError: failed,
          })
        }
      />
    </>
  );
}
