// The driver's next step on a delivery as one big button; 'Delivered' asks for the buyer's code, 'Failed' for why.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDelivery, TOrder } from '../../../../contract/orders';
import { Button } from '../../../components/ui/button';
import { mutateThen } from '../../../lib/mutate-then';
import { toast, toastError } from '../../../lib/toast-store';
import { useUpdateDelivery } from '../api/update-delivery';
import { DeliveredForm, FailedForm, PickedUpForm } from './step-form-views';

type Mode = 'step' | 'deliver' | 'fail';

export function NextStep({
  delivery,
  orderId,
  weighing,
}: {
  delivery: TDelivery;
  orderId: number;
  /** The order's weighing: one the buyer has still to accept is asked about at hand-over. */
  weighing?: TOrder['weighing'];
}) {
  const { t } = useTranslation('orders');
  const update = useUpdateDelivery(delivery.id, orderId, (input) =>
    toast({ title: t(`driver.done.${input.status}`) }),
  );
  const [mode, setMode] = useState<Mode>('step');
  const send = (input: Parameters<typeof update.mutate>[0]) =>
    mutateThen(update, input, {
      onSuccess: () => setMode('step'),
      onError: (error) => toastError(t('form.failed'), error),
    });
  const pending = update.isPending;
  const back = () => setMode('step');

  if (mode === 'fail') {
    return <FailedForm deliveryId={delivery.id} pending={pending} onSubmit={send} onBack={back} />;
  }
  if (mode === 'deliver') {
    return (
      <DeliveredForm
        delivery={delivery}
        weighing={weighing}
        pending={pending}
        onSubmit={send}
        onBack={back}
      />
    );
  }

  const failButton = (
    <Button variant="ghost" className="self-center" onClick={() => setMode('fail')}>
      {t('driver.fail')}
    </Button>
  );
  switch (delivery.status) {
    case 'assigned':
      return (
        <div className="grid grid-cols-2 gap-3">
          <Button size="lg" disabled={pending} onClick={() => send({ status: 'accepted' })}>
            {t('driver.accept')}
          </Button>
          <Button
            size="lg"
            variant="secondary"
            disabled={pending}
            onClick={() => send({ status: 'declined' })}
          >
            {t('driver.decline')}
          </Button>
        </div>
      );
    case 'accepted':
      return (
        <div className="flex flex-col gap-3">
          <PickedUpForm deliveryId={delivery.id} pending={pending} onSubmit={send} />
          {failButton}
        </div>
      );
    case 'picked_up':
      // Straight to the buyer is allowed too (DELIVERY_NEXT): no 'On the way' step for a short trip.
      return (
        <div className="flex flex-col gap-3">
          <Button size="lg" disabled={pending} onClick={() => send({ status: 'in_transit' })}>
            {t('driver.onTheWay')}
          </Button>
          <Button size="lg" variant="secondary" disabled={pending} onClick={() => setMode('deliver')}>
            {t('driver.delivered')}
          </Button>
          {failButton}
        </div>
      );
    case 'in_transit':
      return (
        <div className="flex flex-col gap-3">
          <Button size="lg" onClick={() => setMode('deliver')}>
            {t('driver.delivered')}
          </Button>
          {failButton}
        </div>
      );
    default:
      return null;
  }
}
