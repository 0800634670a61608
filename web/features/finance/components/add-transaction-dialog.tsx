// The 'Add Transaction' dialog: type (default income), category, amount, description, date (default today),
// payment method and reference, validated with the API's own schema before it is sent.
import { useTranslation } from 'react-i18next';
import { ZTransactionForm } from '../../../../contract/finance';
import {
  categoriesForType,
  PAYMENT_METHODS,
  TRANSACTION_TYPES,
} from '../../../../contract/finance-categories';
import { DialogFormButtons, EntityDialog } from '../../../components/entity-dialog';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { MoneyInput } from '../../../components/ui/money-input';
import { localDay } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast, toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useAddTransaction } from '../api/add-transaction';

const defaults = () => ({
  type: 'income',
  category: '',
  amount: '',
  description: '',
  date: localDay(),
  paymentMethod: '',
  reference: '',
});

/** The dialog, open while shown (AddTransactionButton shows it, and loads this module when first wanted). */
export function AddTransactionDialog({ farmId, onClose }: { farmId: number; onClose: () => void }) {
  const { t } = useTranslation('finance');
  return (
    <EntityDialog
      open
      onClose={onClose}
      title={t('form.addTransaction')}
      description={t('form.dialogDescription')}
      size="lg"
    >
      <TransactionForm farmId={farmId} onDone={onClose} />
    </EntityDialog>
  );
}

function TransactionForm({ farmId, onDone }: { farmId: number; onDone: () => void }) {
  const { t } = useTranslation('finance');
  const add = useAddTransaction(farmId);
  const form = useZodForm(ZTransactionForm, defaults(), { idPrefix: 'tx-' });
  const { errors, values } = form;
  const type = values.type === 'expense' ? 'expense' : 'income';
  return (
    <form
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={form.handleSubmit((data) =>
        mutateThen(add, data, {
          onSuccess: (result) => {
            if (!isQueued(result)) {
              toast({ title: t('form.success') });
            }
            onDone();
          },
          onError: (error) => toastError(t('form.failure'), error),
        }),
      )}
    >
      <Field id="tx-type" label={t('form.type')} error={errors.type}>
        <Select {...form.field('type')}>
          {TRANSACTION_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`form.${value}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="tx-category" label={t('form.category')} error={errors.category}>
        <Select {...form.field('category')}>
          <option value="">{t('form.categoryPlaceholder')}</option>
          {/* The type's usual categories first; the others stay available (an expense in sales is a refund). */}
          {[type, type === 'income' ? 'expense' : 'income'].map((group) => (
            <optgroup key={group} label={t(`form.${group}`)}>
              {categoriesForType(group === 'income' ? 'income' : 'expense').map((category) => (
                <option key={category} value={category}>
                  {t(`categories.${category}`)}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
      </Field>
      <Field id="tx-amount" label={t('form.amount')} error={errors.amount} hint={t('form.amountHint')}>
        <MoneyInput {...form.field('amount')} />
      </Field>
      <Field id="tx-date" label={t('form.date')} error={errors.date}>
        <Input type="date" {...form.field('date')} />
      </Field>
      <div className="sm:col-span-2">
        <Field id="tx-description" label={t('form.description')} error={errors.description}>
          <Input {...form.field('description')} />
        </Field>
      </div>
      <Field id="tx-paymentMethod" label={t('form.paymentMethod')} error={errors.paymentMethod}>
        <Select {...form.field('paymentMethod')}>
          <option value="">{t('form.paymentMethodNone')}</option>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {t(`paymentMethods.${method}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="tx-reference" label={t('form.reference')} error={errors.reference}>
        <Input {...form.field('reference')} />
      </Field>
      <DialogFormButtons
        cancel={t('form.cancel')}
        submit={t('form.submit')}
        pending={add.isPending}
        className="flex justify-end gap-2 sm:col-span-2"
      />
    </form>
  );
}
