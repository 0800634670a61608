// Record payment: money received for the order (at most what is due), how, with a reference and the day paid.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS, type TOrder } from '../../../../contract/orders';
import { ActionDialog } from '../../../components/entity-dialog';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { MoneyInput } from '../../../components/ui/money-input';
import { formatMoney, localDay } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useRecordPayment } from '../api/record-payment';
import { useFailureToast } from '../hooks/use-failure-toast';
import { FormButtons } from './form-buttons';
import { paymentDefaults, paymentForm } from './form-schemas';

export function RecordPaymentDialog({ order }: { order: TOrder }) {
  const { t } = useTranslation('orders');
  return (
    <ActionDialog label={t('payment.action')} title={t('payment.title', { id: order.id })}>
      {(close) => <PaymentForm order={order} onDone={close} />}
    </ActionDialog>
  );
}

function PaymentForm({ order, onDone }: { order: TOrder; onDone: () => void }) {
  const { t, i18n } = useTranslation('orders');
  // The amount and date rules are the ledger's: their messages are in the finance catalogue.
  useEffect(() => void i18n.loadNamespaces('finance'), [i18n]);
  const record = useRecordPayment(order.id);
  const failed = useFailureToast();
  const prefix = `pay-${order.id}-`;
  const form = useZodForm(paymentForm, paymentDefaults(order.payment.due, i18n.language, localDay()), {
    idPrefix: prefix,
  });
  const { errors } = form;
  return (
    <form
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={form.handleSubmit((data) =>
        mutateThen(record, data, {
          onSuccess: (result) => {
            if (!isQueued(result)) {
              toast({ title: t('payment.done') });
            }
            onDone();
          },
          onError: failed,
        }),
      )}
    >
      <Field
        id={`${prefix}amount`}
        label={t('payment.amount')}
        error={errors.amount}
        hint={t('payment.amountHint', { due: formatMoney(order.payment.due, i18n.language) })}
      >
        <MoneyInput {...form.field('amount')} />
      </Field>
      <Field id={`${prefix}method`} label={t('payment.method')} error={errors.method}>
        <Select {...form.field('method')}>
          <option value="">{t('payment.chooseMethod')}</option>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {t(`paymentMethods.${method}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${prefix}reference`} label={t('payment.reference')} error={errors.reference}>
        <Input maxLength={100} autoComplete="off" {...form.field('reference')} />
      </Field>
      <Field id={`${prefix}paidAt`} label={t('payment.paidAt')} error={errors.paidAt}>
        <Input type="date" {...form.field('paidAt')} />
      </Field>
      <div className="sm:col-span-2">
        <FormButtons submit={t('payment.submit')} pending={record.isPending} />
      </div>
    </form>
  );
}
