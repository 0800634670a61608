// The buyer pays the deposit (and any input advance) from a mobile wallet: one button per provider this server
// offers, the number to prompt (their proven one, editable), then the payment followed live (the agreement is asked
// again while it waits; its live event says so sooner): approve MTN's prompt, or open Orange's payment page.
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TForwardAgreement } from '../../../../contract/forward-agreements';
import type { MobileMoneyProvider } from '../../../../contract/payments';
import { useAgreementText } from '../../../components/agreements/agreement-text';
import { ActionDialog, DialogFormButtons } from '../../../components/entity-dialog';
import { BlockSpinner } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { deployment } from '../../../lib/deployment';
import { mutateThen } from '../../../lib/mutate-then';
import { phoneStatusQuery } from '../../../lib/queries/phone-status';
import { toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { usePayDeposit } from '../api/write-agreement';

// The validator (zod and the contract's schema) loads when the form is first used, not with the screen.
const loadDepositForm = () => import('../agreement-forms-schema').then((m) => m.depositForm);

/** What the buyer pays now: the deposit and any advance. */
const dueNow = (agreement: TForwardAgreement) => agreement.deposit + (agreement.inputAdvance?.amount ?? 0);

interface PayProps {
  agreement: TForwardAgreement;
  provider: MobileMoneyProvider;
  onDone: () => void;
}

/** The form opens with the buyer's proven number once it is known. */
function PayForm(props: PayProps) {
  const phone = useQuery(phoneStatusQuery());
  if (phone.isPending) {
    return <BlockSpinner className="py-6" />;
  }
  return <PayFields {...props} proven={phone.data?.verifiedPhone ?? ''} />;
}

function PayFields({ agreement, provider, onDone, proven }: PayProps & { proven: string }) {
  const { t } = useTranslation(['agreements', 'payments']);
  const text = useAgreementText();
  const pay = usePayDeposit(agreement.id);
  const prefix = `deposit-${agreement.id}-${provider}-`;
  const form = useZodForm(loadDepositForm, { provider, phone: proven }, { idPrefix: prefix });
  const name = t(`payments:providers.${provider}`);
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((data) =>
        mutateThen(pay, data, {
          onSuccess: onDone,
          onError: (error) => toastError(t('actions.failed'), error),
        }),
      )}
    >
      <div className="rounded-md bg-stone-50 p-3">
        <p className="text-xs text-stone-600">{t('actions.depositAmount')}</p>
        <p className="text-2xl font-semibold text-stone-900" data-testid="deposit-amount">
          {text.money(dueNow(agreement))}
        </p>
        {agreement.inputAdvance ? (
          <p className="text-xs text-stone-600">
            {t('actions.depositWithAdvance', {
              deposit: text.money(agreement.deposit),
              advance: text.money(agreement.inputAdvance.amount),
            })}
          </p>
        ) : null}
      </div>
      <Field
        id={`${prefix}phone`}
        label={t('payments:pay.phone', { provider: name })}
        error={form.errors.phone}
      >
        <Input type="tel" inputMode="tel" autoComplete="tel" maxLength={16} {...form.field('phone')} />
      </Field>
      <p className="text-sm text-stone-700">{t(`payments:pay.next.${provider}`)}</p>
      <p className="text-sm text-stone-700">{t('actions.depositEscrow')}</p>
      <DialogFormButtons
        cancel={t('actions.cancel')}
        submit={t(`payments:pay.submit.${provider}`)}
        pending={pay.isPending}
      />
    </form>
  );
}

function PaymentStatus({ payment }: { payment: NonNullable<TForwardAgreement['depositPayment']> }) {
  const { t } = useTranslation('agreements');
  const { money } = useAgreementText();
  const amount = money(payment.amount);
  if (payment.status === 'succeeded') {
    return (
      <p role="status" className="flex items-start gap-2 rounded-md bg-green-50 p-3 text-sm text-green-900">
        <CircleCheck aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
        {t('actions.depositPaid', { amount })}
      </p>
    );
  }
  if (payment.status !== 'pending') {
    return (
      <p role="status" className="flex items-start gap-2 rounded-md bg-red-50 p-3 text-sm text-red-900">
        <CircleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
        {t('actions.depositFailed', { amount })}
      </p>
    );
  }
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm"
    >
      <p className="flex items-center gap-2 font-medium text-amber-900">
        <Spinner />
        {t('actions.depositPending', { amount })}
      </p>
      {payment.paymentUrl ? (
        <Button asChild className="self-start">
          <a href={payment.paymentUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden className="h-4 w-4" />
            {t('actions.depositOpenPage')}
          </a>
        </Button>
      ) : (
        <p className="text-stone-800">{t('actions.depositApprove')}</p>
      )}
    </div>
  );
}

/** The buyer's part while the agreement waits for the deposit: the payment asked, else the way to pay. */
export function DepositPanel({ agreement }: { agreement: TForwardAgreement }) {
  const { t } = useTranslation(['agreements', 'payments']);
  const payment = agreement.depositPayment;
  const waiting = payment?.status === 'pending' || payment?.status === 'succeeded';
  const retry = payment !== null && !waiting;
  return (
    <div className="flex flex-col gap-3" data-testid="deposit-panel">
      {payment ? <PaymentStatus payment={payment} /> : null}
      {waiting ? null : (
        <div className="flex flex-wrap gap-2">
          {deployment().mobileMoney.map((provider) => {
            const name = t(`payments:providers.${provider}`);
            return (
              <ActionDialog
                key={provider}
                variant="primary"
                label={t(retry ? 'actions.payDepositRetry' : 'actions.payDeposit', { provider: name })}
                title={t('actions.payDepositTitle', { number: agreement.id, provider: name })}
              >
                {(close) => <PayForm agreement={agreement} provider={provider} onDone={close} />}
              </ActionDialog>
            );
          })}
        </div>
      )}
    </div>
  );
}
