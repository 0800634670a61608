// Arrange delivery: one of the registered drivers (where from, where to, when, and the fee with who pays it), or the
// buyer collects from the seller.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FEE_PAYERS, PLACE_NAME_MAX } from '../../../../contract/delivery-terms';
import type { TOrder } from '../../../../contract/orders';
import { ActionDialog } from '../../../components/entity-dialog';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { MoneyInput } from '../../../components/ui/money-input';
import { queryErrorText } from '../../../lib/api-client';
import { formatPhone } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useArrangeDelivery } from '../api/arrange-delivery';
import { driversQuery } from '../api/get-drivers';
import { useFailureToast } from '../hooks/use-failure-toast';
import { ARRANGE_DEFAULTS, arrangeForm, PICKUP } from './arrange-form';
import { FormButtons } from './form-buttons';
import { PlaceField } from './place-field';

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

function ArrangeForm({ order, onDone }: { order: TOrder; onDone: () => void }) {
  const { t, i18n } = useTranslation('orders');
  // The fee's amount rules are the ledger's: their messages are in the finance catalogue.
  useEffect(() => void i18n.loadNamespaces('finance'), [i18n]);
  const drivers = useQuery(driversQuery());
  const arrange = useArrangeDelivery(order.id);
  const failed = useFailureToast();
  const prefix = `arrange-${order.id}-`;
  const form = useZodForm(arrangeForm, ARRANGE_DEFAULTS, { idPrefix: prefix });
  const { errors, values } = form;
  const byDriver = values.choice !== '' && values.choice !== PICKUP;

  return (
    <form
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={form.handleSubmit((input) =>
        mutateThen(arrange, input, {
          onSuccess: (result) => {
            if (!isQueued(result)) {
              toast({ title: t('arrange.done') });
            }
            onDone();
          },
          onError: failed,
        }),
      )}
    >
      <div className="sm:col-span-2">
        <Field id={`${prefix}choice`} label={t('arrange.choice')} error={errors.choice}>
          <Select {...form.field('choice')}>
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
        {drivers.data?.length === 0 ? (
          <p className="text-sm text-stone-600">{t('arrange.noDrivers')}</p>
        ) : null}
      </div>
      {byDriver ? (
        <>
          <PlaceField form={form} side="from" prefix={prefix} maxLength={PLACE_NAME_MAX} />
          <PlaceField form={form} side="to" prefix={prefix} maxLength={PLACE_NAME_MAX} />
          <Field id={`${prefix}windowFrom`} label={t('arrange.windowFrom')} error={errors.windowFrom}>
            <Input type="datetime-local" {...form.field('windowFrom')} />
          </Field>
          <Field id={`${prefix}windowTo`} label={t('arrange.windowTo')} error={errors.windowTo}>
            <Input type="datetime-local" {...form.field('windowTo')} />
          </Field>
          <Field id={`${prefix}fee`} label={t('arrange.fee')} error={errors.fee} hint={t('arrange.feeHint')}>
            <MoneyInput {...form.field('fee')} />
          </Field>
          <Field id={`${prefix}feePaidBy`} label={t('arrange.feePaidBy')} error={errors.feePaidBy}>
            <Select {...form.field('feePaidBy')}>
              <option value="">{t('arrange.choose')}</option>
              {FEE_PAYERS.map((payer) => (
                <option key={payer} value={payer}>
                  {t(`arrange.payer.${payer}`)}
                </option>
              ))}
            </Select>
          </Field>
        </>
      ) : null}
      <div className="sm:col-span-2">
        <FormButtons submit={t('arrange.submit')} pending={arrange.isPending} />
      </div>
    </form>
  );
}
