// The Edit listing dialog (the owner or their agent): price per ton, tons still available, grade (only what changed
// is sent); and photos added to the listing, up to 4 in all.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { refuseZeroTotal, type TCommodity, ZCommodityFields } from '../../../../contract/marketplace';
import { centsToDecimal, parseMoneyToCents } from '../../../../contract/money';
import { PHOTOS_PER_ITEM } from '../../../../contract/photos-constants';
import { kgToTons, parseTonsToKg } from '../../../../contract/quantity';
import { EntityDialog } from '../../../components/entity-dialog';
import { PhotoPicker } from '../../../components/photo-picker';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { MoneyInput } from '../../../components/ui/money-input';
import { toDecimalInput } from '../../../lib/format';
import { translateMessage } from '../../../lib/i18n';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { photoUploads, type ShrunkPhoto } from '../../../lib/shrink-photo';
import { toast, toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useAddListingPhotos } from '../api/add-listing-photos';
import { type CommodityUpdate, useUpdateCommodity } from '../api/update-commodity';
import { tons } from '../format';

export function EditCommodityDialog({
  commodity,
  onClose,
}: {
  commodity: TCommodity | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('marketplace');
  return (
    <EntityDialog
      open={commodity !== null}
      onClose={onClose}
      title={t('edit.title', { commodity: commodity?.name ?? '' })}
      description={t('edit.description')}
    >
      {commodity ? (
        <>
          <EditForm key={commodity.id} commodity={commodity} onDone={onClose} />
          <AddPhotos key={`photos-${commodity.id}`} commodity={commodity} onDone={onClose} />
        </>
      ) : null}
    </EntityDialog>
  );
}

const ZEditForm = ZCommodityFields.pick({ quantity: true, price: true, grade: true }).superRefine(
  (v, refinement) => refuseZeroTotal(refinement, 'price', v.price, v.quantity),
);

/** The fields that differ from the listing, as API decimals. */
function changes(commodity: TCommodity, data: z.output<typeof ZEditForm>): CommodityUpdate {
  const update: CommodityUpdate = {};
  if (data.price !== parseMoneyToCents(commodity.price)) {
    update.price = centsToDecimal(data.price);
  }
  if (data.quantity !== parseTonsToKg(commodity.quantity)) {
    update.quantity = kgToTons(data.quantity);
  }
  if (data.grade !== commodity.grade) {
    update.grade = data.grade;
  }
  return update;
}

function EditForm({ commodity, onDone }: { commodity: TCommodity; onDone: () => void }) {
  const { t, i18n } = useTranslation('marketplace');
  const update = useUpdateCommodity();
  const form = useZodForm(
    ZEditForm,
    {
      price: toDecimalInput(commodity.price, i18n.language),
      quantity: toDecimalInput(commodity.quantity, i18n.language),
      grade: commodity.grade,
    },
    { idPrefix: 'edit-' },
  );
  const announce = (changed: CommodityUpdate, updated: TCommodity) => {
    // A server that does not take the grade yet answers the listing unchanged: say so rather than pretend.
    if (changed.grade !== undefined && updated.grade !== changed.grade) {
      toastError(t('edit.gradeUnchanged'));
    }
    toast({ title: t('common:success'), description: t('edit.success', { commodity: commodity.name }) });
  };
  const submit = (data: z.output<typeof ZEditForm>) => {
    const changed = changes(commodity, data);
    if (Object.keys(changed).length === 0) {
      toast({ title: translateMessage(t, 'marketplace.validation.nothingToChange') });
      return;
    }
    mutateThen(
      update,
      { id: commodity.id, name: commodity.name, ...changed },
      {
        onSuccess: (updated) => {
          if (!isQueued(updated)) {
            announce(changed, updated);
          }
          onDone();
        },
        onError: (error) => toastError(t('common:error'), error),
      },
    );
  };
  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit(submit)}>
      <Field id="edit-price" label={t('edit.price')} error={form.errors.price}>
        <MoneyInput {...form.field('price')} />
      </Field>
      <Field
        id="edit-quantity"
        label={t('edit.quantity')}
        error={form.errors.quantity}
        hint={t('edit.quantityHint', { listed: tons(commodity.listedQuantity, i18n.language) })}
      >
        <Input inputMode="decimal" autoComplete="off" {...form.field('quantity')} />
      </Field>
      <Field id="edit-grade" label={t('edit.grade')} error={form.errors.grade}>
        <Select {...form.field('grade')}>
          {(['A', 'B', 'C'] as const).map((g) => (
            <option key={g} value={g}>
              {t('grade', { grade: g })}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" disabled={update.isPending}>
        {t('edit.submit')}
      </Button>
    </form>
  );
}

/** Photos added to the listing, as many as it still has room for (4 in all). */
function AddPhotos({ commodity, onDone }: { commodity: TCommodity; onDone: () => void }) {
  const { t } = useTranslation('marketplace');
  const add = useAddListingPhotos();
  const [photos, setPhotos] = useState<ShrunkPhoto[]>([]);
  const room = PHOTOS_PER_ITEM - (commodity.photos?.length ?? 0);
  const send = () =>
    mutateThen(
      add,
      { id: commodity.id, name: commodity.name, photos: photoUploads(photos) },
      {
        onSuccess: (result) => {
          if (!isQueued(result)) {
            toast({
              title: t('common:success'),
              description: t('edit.photosDone', { commodity: commodity.name }),
            });
          }
          onDone();
        },
        onError: (error) => toastError(t('common:error'), error),
      },
    );
  return (
    <section
      aria-labelledby="edit-photos"
      className="mt-6 flex flex-col gap-3 border-t border-stone-200 pt-4"
    >
      <h3 id="edit-photos" className="text-sm font-medium text-stone-800">
        {t('edit.photos')}
      </h3>
      {room > 0 ? (
        <>
          <PhotoPicker photos={photos} onChange={setPhotos} max={room} />
          <Button
            type="button"
            variant="secondary"
            disabled={photos.length === 0 || add.isPending}
            onClick={send}
          >
            {t('edit.photosSubmit')}
          </Button>
        </>
      ) : (
        <p className="text-sm text-stone-600">{t('edit.photosFull')}</p>
      )}
    </section>
  );
}
