// The Add Commodity dialog (farmers): name, quantity in tons, price per ton, grade; also answers a buyer's request.
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ZCommodityInput } from '../../../../contract/marketplace';
import { centsToDecimal } from '../../../../contract/money';
import { kgToTons } from '../../../../contract/quantity';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { toast } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateCommodity } from '../api/create-commodity';
import type { ListingDraft } from './listing-draft';

export function AddCommodityDialog({
  draft,
  onClose,
}: {
  /** null: closed; a draft: open with these values. */
  draft: ListingDraft | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('marketplace');
  return (
    <Dialog
      open={draft !== null}
      onOpenChange={(open) => {
        if (!open) {
          onClose();
        }
      }}
      title={t('add.title')}
      description={draft?.requestId === undefined ? t('add.description') : t('add.forRequest')}
    >
      {draft ? <AddForm draft={draft} onSuccess={onClose} /> : null}
    </Dialog>
  );
}

const ZListingForm = ZCommodityInput.pick({ name: true, quantity: true, price: true, grade: true });

function AddForm({ draft, onSuccess }: { draft: ListingDraft; onSuccess: () => void }) {
  const { t } = useTranslation('marketplace');
  const create = useCreateCommodity();
  const form = useZodForm(
    ZListingForm,
    { name: draft.name, quantity: draft.quantity, price: draft.price, grade: draft.grade },
    { idPrefix: 'add-' },
  );
  const submit = (data: z.output<typeof ZListingForm>) => {
    if (!navigator.onLine) {
      toast({ title: t('common:offline.title'), description: t('common:offline.description') });
      return;
    }
    create.mutate(
      {
        name: data.name,
        quantity: kgToTons(data.quantity),
        price: centsToDecimal(data.price),
        grade: data.grade,
        status: 'available',
        ...(draft.requestId === undefined ? {} : { requestId: draft.requestId }),
      },
      {
        onSuccess: () => {
          toast({ title: t('common:success'), description: t('add.success') });
          form.reset();
          onSuccess();
        },
        onError: (error) =>
          toast({ title: t('common:error'), description: error.message, variant: 'destructive' }),
      },
    );
  };
  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit(submit)}>
      <Field id="add-name" label={t('add.name')} error={form.errors.name}>
        <Input placeholder={t('add.namePlaceholder')} autoComplete="off" {...form.field('name')} />
      </Field>
      <Field id="add-quantity" label={t('add.quantity')} error={form.errors.quantity}>
        <Input inputMode="decimal" data-step="0.1" autoComplete="off" {...form.field('quantity')} />
      </Field>
      <Field id="add-price" label={t('add.price')} error={form.errors.price}>
        <Input inputMode="decimal" data-step="0.01" autoComplete="off" {...form.field('price')} />
      </Field>
      <Field id="add-grade" label={t('add.grade')} error={form.errors.grade}>
        <Select {...form.field('grade')}>
          {(['A', 'B', 'C'] as const).map((g) => (
            <option key={g} value={g}>
              {t('grade', { grade: g })}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" disabled={create.isPending}>
        {t('add.submit')}
      </Button>
    </form>
  );
}
