// The forms behind the driver's steps: weight at pick-up, the buyer's code at delivery, the reason of a failure.
import { useTranslation } from 'react-i18next';
import type { TDelivery, TDeliveryUpdate, TOrder } from '../../../../contract/orders';
import { HANDOVER_CODE_LENGTH } from '../../../../contract/orders-constants';
import { Button } from '../../../components/ui/button';
import { CodeInput } from '../../../components/ui/code-input';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { WeightAnswerField } from '../../../components/weight-answer-field';
import { useZodForm } from '../../../lib/use-zod-form';

// The validator (zod and the contract's schemas) loads when a form is first used, not with the screen.
const loadForms = () => import('./step-forms');
const pickedUpForm = () => loadForms().then((m) => m.pickedUpForm);
const deliveredForm = () => loadForms().then((m) => m.deliveredForm);
const failedForm = () => loadForms().then((m) => m.failedForm);

interface StepFormProps {
  pending: boolean;
  onSubmit: (input: TDeliveryUpdate) => void;
}

export function PickedUpForm({ deliveryId, pending, onSubmit }: StepFormProps & { deliveryId: number }) {
  const { t } = useTranslation('orders');
  const prefix = `pickup-${deliveryId}-`;
  const form = useZodForm(pickedUpForm, { weighedQuantity: '' }, { idPrefix: prefix });
  return (
    <form noValidate className="flex flex-col gap-3" onSubmit={form.handleSubmit(onSubmit)}>
      <Field
        id={`${prefix}weighedQuantity`}
        label={t('driver.weight')}
        error={form.errors.weighedQuantity}
        hint={t('driver.weightHint')}
      >
        <Input inputMode="decimal" autoComplete="off" {...form.field('weighedQuantity')} />
      </Field>
      <Button type="submit" size="lg" disabled={pending}>
        {t('driver.pickedUp')}
      </Button>
    </form>
  );
}

export function DeliveredForm({
  delivery,
  weighing,
  pending,
  onSubmit,
  onBack,
}: StepFormProps & { delivery: TDelivery; weighing?: TOrder['weighing']; onBack: () => void }) {
  const { t } = useTranslation('orders');
  const prefix = `deliver-${delivery.id}-`;
  const form = useZodForm(deliveredForm, { code: '', weighedQuantity: '', weight: '' }, { idPrefix: prefix });
  const locked = delivery.codeAttemptsLeft <= 0;
  return (
    <form noValidate className="flex flex-col gap-3" onSubmit={form.handleSubmit(onSubmit)}>
      <Field
        id={`${prefix}code`}
        label={t('driver.code')}
        error={form.errors.code}
        hint={t('code.attemptsLeft', { count: delivery.codeAttemptsLeft })}
      >
        <CodeInput length={HANDOVER_CODE_LENGTH} disabled={locked} {...form.field('code')} />
      </Field>
      {locked ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t('code.lockedSeller')}
        </p>
      ) : null}
      <Field id={`${prefix}weighedQuantity`} label={t('driver.weight')} error={form.errors.weighedQuantity}>
        <Input inputMode="decimal" autoComplete="off" {...form.field('weighedQuantity')} />
      </Field>
      {weighing?.toAccept || form.values.weighedQuantity.trim() !== '' ? (
        <WeightAnswerField weighing={weighing} field={form.field('weight')} error={form.errors.weight} />
      ) : null}
      <Button type="submit" size="lg" disabled={pending || locked}>
        {t('driver.confirmDelivered')}
      </Button>
      <Button variant="ghost" className="self-center" onClick={onBack}>
        {t('form.back')}
      </Button>
    </form>
  );
}

export function FailedForm({
  deliveryId,
  pending,
  onSubmit,
  onBack,
}: StepFormProps & { deliveryId: number; onBack: () => void }) {
  const { t } = useTranslation('orders');
  const prefix = `fail-${deliveryId}-`;
  const form = useZodForm(failedForm, { note: '' }, { idPrefix: prefix });
  return (
    <form noValidate className="flex flex-col gap-3" onSubmit={form.handleSubmit(onSubmit)}>
      <Field id={`${prefix}note`} label={t('driver.failReason')} error={form.errors.note}>
        <Textarea maxLength={500} {...form.field('note')} />
      </Field>
      <Button type="submit" size="lg" variant="destructive" disabled={pending}>
        {t('driver.confirmFailed')}
      </Button>
      <Button variant="ghost" className="self-center" onClick={onBack}>
        {t('form.back')}
      </Button>
    </form>
  );
}
