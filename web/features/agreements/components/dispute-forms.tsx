// Past the window a party disputes how the agreement ended (a note saying why); a manager decides who kept their
// word (the deposit follows the decision as for a default, or pro rata), with a note. The contract checks both.
import { useTranslation } from 'react-i18next';
import type { TForwardAgreement } from '../../../../contract/forward-agreements';
import { AGREEMENT_RESOLVE_OUTCOMES } from '../../../../contract/forward-agreements-constants';
import { DialogFormButtons } from '../../../components/entity-dialog';
import { Field } from '../../../components/ui/field';
import { Select, Textarea } from '../../../components/ui/input';
import { mutateThen } from '../../../lib/mutate-then';
import { toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useDispute, useResolve } from '../api/write-agreement';

interface FormProps {
  agreement: TForwardAgreement;
  onDone: () => void;
}

// The validators (zod and the contract's schemas) load when a form is first used, not with the screen.
const loadDisputeForm = () => import('../agreement-forms-schema').then((m) => m.disputeForm);
const loadResolveForm = () => import('../agreement-forms-schema').then((m) => m.resolveForm);

export function DisputeForm({ agreement, onDone }: FormProps) {
  const { t } = useTranslation('agreements');
  const dispute = useDispute(agreement.id);
  const prefix = `dispute-${agreement.id}-`;
  const form = useZodForm(loadDisputeForm, { note: '' }, { idPrefix: prefix });
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((data) =>
        mutateThen(dispute, data, {
          onSuccess: onDone,
          onError: (error) => toastError(t('actions.failed'), error),
        }),
      )}
    >
      <p className="text-sm text-stone-700">{t('actions.disputeText')}</p>
      <Field id={`${prefix}note`} label={t('actions.disputeNote')} error={form.errors.note}>
        <Textarea maxLength={1000} {...form.field('note')} />
      </Field>
      <DialogFormButtons
        cancel={t('actions.cancel')}
        submit={t('actions.disputeSubmit')}
        pending={dispute.isPending}
      />
    </form>
  );
}

export function ResolveForm({ agreement, onDone }: FormProps) {
  const { t } = useTranslation('agreements');
  const resolve = useResolve(agreement.id);
  const prefix = `resolve-${agreement.id}-`;
  const form = useZodForm(loadResolveForm, { outcome: '', note: '' }, { idPrefix: prefix });
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((data) =>
        mutateThen(resolve, data, {
          onSuccess: onDone,
          onError: (error) => toastError(t('actions.failed'), error),
        }),
      )}
    >
      {agreement.note ? <p className="text-sm text-stone-700">{agreement.note}</p> : null}
      <Field id={`${prefix}outcome`} label={t('actions.outcome')} error={form.errors.outcome}>
        <Select {...form.field('outcome')}>
          <option value="">{t('actions.chooseOutcome')}</option>
          {AGREEMENT_RESOLVE_OUTCOMES.map((outcome) => (
            <option key={outcome} value={outcome}>
              {t(`status.${outcome}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${prefix}note`} label={t('actions.resolveNote')} error={form.errors.note}>
        <Textarea maxLength={1000} {...form.field('note')} />
      </Field>
      <DialogFormButtons
        cancel={t('actions.cancel')}
        submit={t('actions.resolveSubmit')}
        pending={resolve.isPending}
      />
    </form>
  );
}
