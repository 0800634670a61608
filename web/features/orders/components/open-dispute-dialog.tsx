// Open a dispute: the buyer says what went wrong with a delivered order (within the dispute window).
import { useTranslation } from 'react-i18next';
import { DISPUTE_REASONS, DISPUTE_WINDOW_DAYS, type TOrder } from '../../../../contract/orders';
import { ActionDialog } from '../../../components/entity-dialog';
import { Field } from '../../../components/ui/field';
import { Select, Textarea } from '../../../components/ui/input';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useOpenDispute } from '../api/open-dispute';
import { useFailureToast } from '../hooks/use-failure-toast';
import { FormButtons } from './form-buttons';
import { disputeForm } from './form-schemas';

export function OpenDisputeDialog({ order }: { order: TOrder }) {
  const { t } = useTranslation('orders');
  return (
    <ActionDialog
      label={t('dispute.action')}
      title={t('dispute.title', { id: order.id })}
      description={t('dispute.description', { days: DISPUTE_WINDOW_DAYS })}
    >
      {(close) => <DisputeForm order={order} onDone={close} />}
    </ActionDialog>
  );
}

function DisputeForm({ order, onDone }: { order: TOrder; onDone: () => void }) {
  const { t } = useTranslation('orders');
  const dispute = useOpenDispute(order.id);
  const failed = useFailureToast();
  const prefix = `dispute-${order.id}-`;
  const form = useZodForm(disputeForm, { reason: '', note: '' }, { idPrefix: prefix });
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((data) =>
        mutateThen(dispute, data, {
          onSuccess: (result) => {
            if (!isQueued(result)) {
              toast({ title: t('dispute.done') });
            }
            onDone();
          },
          onError: failed,
        }),
      )}
    >
      <Field id={`${prefix}reason`} label={t('dispute.reason')} error={form.errors.reason}>
        <Select {...form.field('reason')}>
          <option value="">{t('dispute.chooseReason')}</option>
          {DISPUTE_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t(`disputeReasons.${reason}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${prefix}note`} label={t('dispute.note')} error={form.errors.note}>
        <Textarea maxLength={1000} {...form.field('note')} />
      </Field>
      <FormButtons submit={t('dispute.submit')} pending={dispute.isPending} />
    </form>
  );
}
