// "Record payout made by other means": how the payee was paid (cash, bank, another wallet), its reference and day.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYOUT_BY_HAND_METHODS } from '../../../../contract/payments-constants';
import { ActionDialog, DialogFormButtons } from '../../../components/entity-dialog';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { formatMoney, localDay } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { toast, toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import type { TWaitingPayout } from '../api/get-waiting-payouts';
import { useRecordPayout } from '../api/record-payout';

// The validator (zod and the contract's schema) loads when the form is first used, not with the screen.
const loadRecordForm = () => import('./record-payout-form-schema').then((m) => m.recordForm);

export function RecordPayoutDialog({ payout }: { payout: TWaitingPayout }) {
  const { t, i18n } = useTranslation('payments');
  return (
    <ActionDialog
      label={t('operations.record')}
      title={t('operations.recordTitle', { name: payout.to.username })}
      description={t('operations.recordDescription', { amount: formatMoney(payout.amount, i18n.language) })}
    >
      {(close) => <RecordForm payout={payout} onDone={close} />}
    </ActionDialog>
  );
}

function RecordForm({ payout, onDone }: { payout: TWaitingPayout; onDone: () => void }) {
  const { t, i18n } = useTranslation('payments');
  // The day's rule is the ledger's: its message is in the finance catalogue.
  useEffect(() => void i18n.loadNamespaces('finance'), [i18n]);
  const record = useRecordPayout(payout.id);
  const prefix = `payout-${payout.id}-`;
  const form = useZodForm(
    loadRecordForm,
    { method: '', reference: '', paidAt: localDay() },
    { idPrefix: prefix },
  );
  const { errors } = form;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((data) =>
        mutateThen(record, data, {
          onSuccess: () => {
            toast({ title: t('operations.recorded') });
            onDone();
          },
          onError: (error) => toastError(t('operations.failed'), error),
        }),
      )}
    >
      <Field id={`${prefix}method`} label={t('operations.method')} error={errors.method}>
        <Select {...form.field('method')}>
          <option value="">{t('operations.chooseMethod')}</option>
          {PAYOUT_BY_HAND_METHODS.map((method) => (
            <option key={method} value={method}>
              {t(`payouts.method.${method}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${prefix}reference`} label={t('operations.reference')} error={errors.reference}>
        <Input maxLength={100} autoComplete="off" {...form.field('reference')} />
      </Field>
      <Field id={`${prefix}paidAt`} label={t('operations.paidAt')} error={errors.paidAt}>
        <Input type="date" {...form.field('paidAt')} />
      </Field>
      <DialogFormButtons
        cancel={t('operations.back')}
        submit={t('operations.recordSubmit')}
        pending={record.isPending}
      />
    </form>
  );
}
