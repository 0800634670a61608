// The seller's answer to a dispute: their side in a note, and photos of the goods (shrunk on the phone first).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DISPUTE_REPLY_MAX, type TOrder } from '../../../../contract/orders';
import { ActionDialog } from '../../../components/entity-dialog';
import { PhotoPicker } from '../../../components/photo-picker';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import type { ShrunkPhoto } from '../../../lib/shrink-photo';
import { toast } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useReplyToDispute } from '../api/reply-dispute';
import { useFailureToast } from '../hooks/use-failure-toast';
import { FormButtons } from './form-buttons';
import { replyForm } from './form-schemas';

export function ReplyDisputeDialog({ order }: { order: TOrder }) {
  const { t } = useTranslation('orders');
  return (
    <ActionDialog
      label={t('reply.action')}
      title={t('reply.title', { id: order.id })}
      description={t('reply.description')}
      variant="primary"
    >
      {(close) => <ReplyForm order={order} onDone={close} />}
    </ActionDialog>
  );
}

function ReplyForm({ order, onDone }: { order: TOrder; onDone: () => void }) {
  const { t } = useTranslation('orders');
  const replying = useReplyToDispute(order.id);
  const failed = useFailureToast();
  const [photos, setPhotos] = useState<ShrunkPhoto[]>([]);
  const prefix = `reply-${order.id}-`;
  const form = useZodForm(replyForm, { note: '' }, { idPrefix: prefix });
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((data) =>
        mutateThen(
          replying,
          { note: data.note, photos: photos.map((p) => p.base64) },
          {
            onSuccess: (result) => {
              if (!isQueued(result)) {
                toast({ title: t('reply.done') });
              }
              onDone();
            },
            onError: failed,
          },
        ),
      )}
    >
      <Field id={`${prefix}note`} label={t('reply.note')} error={form.errors.note}>
        <Textarea maxLength={DISPUTE_REPLY_MAX} {...form.field('note')} />
      </Field>
      <PhotoPicker photos={photos} onChange={setPhotos} />
      <FormButtons submit={t('reply.submit')} pending={replying.isPending} />
    </form>
  );
}
