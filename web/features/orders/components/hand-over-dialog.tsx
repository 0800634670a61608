// Confirm hand-over of a pick-up order: the seller types the code the buyer shows, and the weight if weighed.
import { useTranslation } from 'react-i18next';
import type { TDelivery, TOrder } from '../../../../contract/orders';
import { HANDOVER_CODE_LENGTH } from '../../../../contract/orders-constants';
import { ActionDialog } from '../../../components/entity-dialog';
import { CodeInput } from '../../../components/ui/code-input';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { WeightAnswerField } from '../../../components/weight-answer-field';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useHandOver } from '../api/hand-over';
import { useFailureToast } from '../hooks/use-failure-toast';
import { FormButtons } from './form-buttons';
import { handOverForm } from './form-schemas';

export function HandOverDialog({ order, delivery }: { order: TOrder; delivery: TDelivery }) {
  const { t } = useTranslation('orders');
  return (
    <ActionDialog
      label={t('handOver.action')}
      title={t('handOver.title', { id: order.id })}
      description={t('handOver.description')}
      variant="primary"
    >
      {(close) => <HandOverForm delivery={delivery} order={order} onDone={close} />}
    </ActionDialog>
  );
}

function HandOverForm({
  delivery,
  order,
  onDone,
}: {
  delivery: TDelivery;
  order: TOrder;
  onDone: () => void;
}) {
  const { t } = useTranslation('orders');
  const handOver = useHandOver(delivery.id, order.id);
  const failed = useFailureToast();
  const prefix = `handover-${delivery.id}-`;
  const form = useZodForm(handOverForm, { code: '', weighedQuantity: '', weight: '' }, { idPrefix: prefix });
  const locked = delivery.codeAttemptsLeft <= 0;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((data) =>
        mutateThen(handOver, data, {
          onSuccess: (result) => {
            if (!isQueued(result)) {
              toast({ title: t('handOver.done') });
            }
            onDone();
          },
          onError: failed,
        }),
      )}
    >
      <Field
        id={`${prefix}code`}
        label={t('handOver.code')}
        error={form.errors.code}
        hint={locked ? t('code.lockedSeller') : t('code.attemptsLeft', { count: delivery.codeAttemptsLeft })}
      >
        <CodeInput length={HANDOVER_CODE_LENGTH} {...form.field('code')} />
      </Field>
      <Field id={`${prefix}weighedQuantity`} label={t('handOver.weight')} error={form.errors.weighedQuantity}>
        <Input inputMode="decimal" autoComplete="off" {...form.field('weighedQuantity')} />
      </Field>
      {order.weighing.toAccept || form.values.weighedQuantity.trim() !== '' ? (
        <WeightAnswerField
          weighing={order.weighing}
          field={form.field('weight')}
          error={form.errors.weight}
        />
      ) : null}
      <FormButtons submit={t('handOver.submit')} pending={handOver.isPending || locked} />
    </form>
  );
}
