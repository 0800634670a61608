// Cancel: asks why, and confirms (the order, its delivery and its sale in the books are undone).
import { useTranslation } from 'react-i18next';
import type { TOrder } from '../../../../contract/orders';
import { ActionDialog } from '../../../components/entity-dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCancelOrder } from '../api/cancel-order';
import { useFailureToast } from '../hooks/use-failure-toast';
import { FormButtons } from './form-buttons';
import { cancelForm } from './form-schemas';

export function CancelOrderDialog({ order }: { order: TOrder }) {
  const { t } = useTranslation('orders');
  return (
    <ActionDialog
      label={t('cancel.action')}
      title={t('cancel.title', { id: order.id })}
      description={t('cancel.description')}
      variant="destructive"
    >
      {(close) => <CancelForm order={order} onDone={close} />}
    </ActionDialog>
  );
}

function CancelForm({ order, onDone }: { order: TOrder; onDone: () => void }) {
  const { t } = useTranslation('orders');
  const cancel = useCancelOrder(order.id);
  const failed = useFailureToast();
  const form = useZodForm(cancelForm, { reason: '' }, { idPrefix: `cancel-${order.id}-` });
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((data) =>
        mutateThen(cancel, data, {
          onSuccess: (result) => {
            if (!isQueued(result)) {
              toast({ title: t('cancel.done') });
            }
            onDone();
          },
          onError: failed,
        }),
      )}
    >
      <Field id={`cancel-${order.id}-reason`} label={t('cancel.reason')} error={form.errors.reason}>
        <Textarea maxLength={500} {...form.field('reason')} />
      </Field>
      <FormButtons submit={t('cancel.confirm')} pending={cancel.isPending} variant="destructive" />
    </form>
  );
}
