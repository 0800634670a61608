// Arrange delivery: one of the registered drivers, or the buyer collects from the seller.
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TArrangeDelivery, TOrder } from '../../../../contract/orders';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/input';
import { queryErrorText } from '../../../lib/api-client';
import { formatPhone } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast } from '../../../lib/toast-store';
import { useArrangeDelivery } from '../api/arrange-delivery';
import { driversQuery } from '../api/get-drivers';
import { useFailureToast } from '../hooks/use-failure-toast';
import { ActionDialog } from './action-dialog';
import { FormButtons } from './form-buttons';

const PICKUP = 'pickup';

export function ArrangeDeliveryDialog({ order }: { order: TOrder }) {
  const { t } = useTranslation('orders');
  return (
    <ActionDialog
      label={t('arrange.action')}
      title={t('arrange.title', { id: order.id })}
      description={t('arrange.description')}
      variant="primary"
    >
      {(close) => <ArrangeForm order={order} onDone={close} />}
    </ActionDialog>
  );
}

/** The choice as the API takes it: 'pickup', or a driver's id. */
function toInput(choice: string): TArrangeDelivery | null {
  if (choice === PICKUP) {
    return { mode: 'pickup' };
  }
  const driverId = Number(choice);
  return Number.isInteger(driverId) && driverId > 0 ? { driverId } : null;
}

function ArrangeForm({ order, onDone }: { order: TOrder; onDone: () => void }) {
  const { t } = useTranslation('orders');
  const drivers = useQuery(driversQuery());
  const arrange = useArrangeDelivery(order.id);
  const failed = useFailureToast();
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const id = `arrange-${order.id}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = toInput(choice);
    if (!input) {
      setError('orders.validation.deliveryChoice');
      return;
    }
    mutateThen(arrange, input, {
      onSuccess: (result) => {
        if (!isQueued(result)) {
          toast({ title: t('arrange.done') });
        }
        onDone();
      },
      onError: failed,
    });
  };

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
      <Field id={id} label={t('arrange.choice')} error={error}>
        <Select
          id={id}
          value={choice}
          aria-invalid={error !== undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setChoice(event.target.value);
            setError(undefined);
          }}
        >
          <option value="">{t('arrange.choose')}</option>
          <option value={PICKUP}>{t('arrange.pickup')}</option>
          <optgroup label={t('arrange.drivers')}>
            {(drivers.data ?? []).map((driver) => (
              <option key={driver.id} value={driver.id}>
                {driver.phoneNumber
                  ? `${driver.username} · ${formatPhone(driver.phoneNumber)}`
                  : driver.username}
              </option>
            ))}
          </optgroup>
        </Select>
      </Field>
      {drivers.isPending ? <p className="text-sm text-stone-600">{t('arrange.loadingDrivers')}</p> : null}
      {drivers.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('arrange.driversError', { message: queryErrorText(drivers.error) })}
        </p>
      ) : null}
      {drivers.data?.length === 0 ? <p className="text-sm text-stone-600">{t('arrange.noDrivers')}</p> : null}
      <FormButtons submit={t('arrange.submit')} pending={arrange.isPending} />
    </form>
  );
}
