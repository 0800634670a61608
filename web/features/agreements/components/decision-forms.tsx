// The answers to an agreement: accept (the terms bind once the deposit is paid), decline (with a note), counter
// once (the terms pre-filled, any of them changed), and the buyer's withdrawal before it binds.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAgreementDecision, TForwardAgreement } from '../../../../contract/forward-agreements';
import { useAgreementText } from '../../../components/agreements/agreement-text';
import { DialogFormButtons } from '../../../components/entity-dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { mutateThen } from '../../../lib/mutate-then';
import { toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useDecide, useWithdraw } from '../api/write-agreement';
import { apiTerms, loadTermsForm, termsValuesOf } from '../terms-form';
import { TermsFields } from './terms-fields';

interface FormProps {
  agreement: TForwardAgreement;
  onDone: () => void;
}

function useDecision(agreement: TForwardAgreement, onDone: () => void) {
  const { t } = useTranslation('agreements');
  const decide = useDecide(agreement.id);
  const send = (decision: TAgreementDecision) =>
    mutateThen(decide, decision, {
      onSuccess: onDone,
      onError: (error) => toastError(t('actions.failed'), error),
    });
  return { send, pending: decide.isPending };
}

export function AcceptForm({ agreement, onDone }: FormProps) {
  const { t } = useTranslation('agreements');
  const text = useAgreementText();
  const { send, pending } = useDecision(agreement, onDone);
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        send({ decision: 'accept' });
      }}
    >
      <p className="text-sm text-stone-800">
        {t('actions.acceptText', {
          quantity: text.tons(agreement.quantity),
          crop: text.crop(agreement.crop),
          pricing: text.pricing(agreement.pricing),
          deposit: text.money(agreement.deposit),
        })}
      </p>
      <DialogFormButtons cancel={t('actions.cancel')} submit={t('actions.acceptSubmit')} pending={pending} />
    </form>
  );
}

export function DeclineForm({ agreement, onDone }: FormProps) {
  const { t } = useTranslation('agreements');
  const { send, pending } = useDecision(agreement, onDone);
  const [note, setNote] = useState('');
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        send(note.trim() === '' ? { decision: 'decline' } : { decision: 'decline', note });
      }}
    >
      <Field id={`decline-${agreement.id}-note`} label={t('actions.noteOptional')}>
        <Textarea
          id={`decline-${agreement.id}-note`}
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </Field>
      <DialogFormButtons
        cancel={t('actions.cancel')}
        submit={t('actions.declineSubmit')}
        pending={pending}
        variant="destructive"
      />
    </form>
  );
}

export function CounterForm({ agreement, onDone }: FormProps) {
  const { t, i18n } = useTranslation('agreements');
  const { send, pending } = useDecision(agreement, onDone);
  const prefix = `counter-${agreement.id}-`;
  const form = useZodForm(
    loadTermsForm({ sellerId: agreement.seller.id }),
    termsValuesOf(agreement, i18n.language),
    { idPrefix: prefix },
  );
  const [note, setNote] = useState('');
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((parsed) => {
        const { sellerId: _seller, groupId: _group, ...terms } = apiTerms(parsed);
        send({ decision: 'counter', terms, ...(note.trim() === '' ? {} : { note }) });
      })}
    >
      <p className="text-sm text-stone-700">{t('actions.counterOnce')}</p>
      <TermsFields form={form} prefix={prefix} />
      <Field id={`${prefix}note`} label={t('actions.noteOptional')}>
        <Textarea
          id={`${prefix}note`}
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </Field>
      <DialogFormButtons cancel={t('actions.cancel')} submit={t('actions.counterSubmit')} pending={pending} />
    </form>
  );
}

export function WithdrawForm({ agreement, onDone }: FormProps) {
  const { t } = useTranslation('agreements');
  const withdraw = useWithdraw(agreement.id);
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        mutateThen(withdraw, undefined, {
          onSuccess: onDone,
          onError: (error) => toastError(t('actions.failed'), error),
        });
      }}
    >
      <p className="text-sm text-stone-800">{t('actions.withdrawText')}</p>
      <DialogFormButtons
        cancel={t('actions.cancel')}
        submit={t('actions.withdrawSubmit')}
        pending={withdraw.isPending}
        variant="destructive"
      />
    </form>
  );
}
