// Resolve a dispute (managers): refund in full, refund part, or reject, with the reason for the parties.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DISPUTE_RESOLUTIONS, PAYMENT_METHODS, type TOrder } from '../../../../contract/orders';
import { ActionDialog } from '../../../components/entity-dialog';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { MoneyInput } from '../../../components/ui/money-input';
import { formatMoney } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useResolveDispute } from '../api/resolve-dispute';
import { useFailureToast } from '../hooks/use-failure-toast';
import { FormButtons } from './form-buttons';
import { resolutionForm } from './form-schemas';

export function ResolveDisputeDialog({ order }: { order: TOrder }) {
  const { t } = useTranslation('orders');
  return (
    <ActionDialog label={t('resolve.action')} title={t('resolve.title', { id: order.id })} variant="primary">
      {(close) => <ResolveForm order={order} onDone={close} />}
    </ActionDialog>
  );
}

function ResolveForm({ order, onDone }: { order: TOrder; onDone: () => void }) {
  const { t, i18n } = useTranslation('orders');
  // The refund amount follows the ledger's rules: their messages are in the finance catalogue.
  useEffect(() => void i18n.loadNamespaces('finance'), [i18n]);
  const resolve = useResolveDispute(order.id);
  const failed = useFailureToast();
  const prefix = `resolve-${order.id}-`;
  const form = useZodForm(
    resolutionForm,
    { resolution: '', amount: '', note: '', method: '', reference: '' },
    { idPrefix: prefix },
  );
  const partial = form.values.resolution === 'partial_refund';
  const refund = partial || form.values.resolution === 'refund';
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(({ amount, method, reference, ...data }) =>
        mutateThen(
          resolve,
          {
            ...data,
            ...(partial && amount !== undefined ? { amount } : {}),
            ...(refund ? { method, reference } : {}),
          },
          {
            onSuccess: (result) => {
              if (!isQueued(result)) {
                toast({ title: t('resolve.done') });
              }
              onDone();
            },
            onError: failed,
          },
        ),
      )}
    >
      <Field id={`${prefix}resolution`} label={t('resolve.resolution')} error={form.errors.resolution}>
        <Select {...form.field('resolution')}>
          <option value="">{t('resolve.chooseResolution')}</option>
          {DISPUTE_RESOLUTIONS.map((resolution) => (
            <option key={resolution} value={resolution}>
              {t(`resolutions.${resolution}`)}
            </option>
          ))}
        </Select>
      </Field>
      {partial ? (
        <Field
          id={`${prefix}amount`}
          label={t('resolve.amount')}
          error={form.errors.amount}
          hint={t('resolve.amountHint', { paid: formatMoney(order.payment.paid, i18n.language) })}
        >
          <MoneyInput {...form.field('amount')} />
        </Field>
      ) : null}
      {refund ? (
        <>
          <Field id={`${prefix}method`} label={t('resolve.method')} error={form.errors.method}>
            <Select {...form.field('method')}>
              <option value="">{t('resolve.sameMethod')}</option>
              {PAYMENT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {t(`paymentMethods.${method}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={`${prefix}reference`} label={t('resolve.reference')} error={form.errors.reference}>
            <Input autoComplete="off" maxLength={100} {...form.field('reference')} />
          </Field>
        </>
      ) : null}
      <Field id={`${prefix}note`} label={t('resolve.note')} error={form.errors.note}>
        <Textarea maxLength={1000} {...form.field('note')} />
      </Field>
      <FormButtons submit={t('resolve.submit')} pending={resolve.isPending} />
    </form>
  );
}
