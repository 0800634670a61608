// The form behind "Pay with MTN MoMo / Orange Money": the number to prompt (the buyer's proven one, editable), the
// amount due and what happens next; sent at once (see pay-by-mobile.ts).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TOrder } from '../../../../contract/orders';
import type { MobileMoneyProvider } from '../../../../contract/payments';
import { BlockSpinner } from '../../../components/query-state';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { formatMoney } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { phoneStatusQuery } from '../../../lib/queries/phone-status';
import { useZodForm } from '../../../lib/use-zod-form';
import { usePayByMobile } from '../api/pay-by-mobile';
import { useFailureToast } from '../hooks/use-failure-toast';
import { FormButtons } from './form-buttons';
import { mobilePayForm } from './form-schemas';

interface PayFormProps {
  order: TOrder;
  provider: MobileMoneyProvider;
  /** A manager pays for the buyer: their own number is no default, the buyer's proven one is (the server's). */
  payer: 'buyer' | 'manager';
  onDone: () => void;
}

export function PayForm(props: PayFormProps) {
  const phone = useQuery({ ...phoneStatusQuery(), enabled: props.payer === 'buyer' });
  if (props.payer === 'buyer' && phone.isPending) {
    return <BlockSpinner className="py-6" />;
  }
  return <PayFormFields {...props} proven={phone.data?.verifiedPhone ?? ''} />;
}

function PayFormFields({ order, provider, payer, onDone, proven }: PayFormProps & { proven: string }) {
  const { t, i18n } = useTranslation('payments');
  const pay = usePayByMobile(order.id);
  const failed = useFailureToast();
  const prefix = `momo-${order.id}-${provider}-`;
  const form = useZodForm(mobilePayForm, { provider, phone: proven }, { idPrefix: prefix });
  const name = t(`providers.${provider}`);
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((data) => mutateThen(pay, data, { onSuccess: onDone, onError: failed }))}
    >
      <div className="rounded-md bg-stone-50 p-3">
        <p className="text-xs text-stone-600">{t('pay.amount')}</p>
        <p className="text-2xl font-semibold text-stone-900" data-testid="pay-amount">
          {formatMoney(order.payment.due, i18n.language)}
        </p>
      </div>
      <Field
        id={`${prefix}phone`}
        label={t('pay.phone', { provider: name })}
        error={form.errors.phone}
        hint={payer === 'manager' ? t('pay.phoneHintManager') : t('pay.phoneHint')}
      >
        <Input type="tel" inputMode="tel" autoComplete="tel" maxLength={16} {...form.field('phone')} />
      </Field>
      <p className="text-sm text-stone-700">{t(`pay.next.${provider}`)}</p>
      <p className="text-sm text-stone-700">{t('pay.escrow')}</p>
      <FormButtons submit={t(`pay.submit.${provider}`)} pending={pay.isPending} />
    </form>
  );
}
