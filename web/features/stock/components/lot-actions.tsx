// What a lot's keeper may do with it, each in its dialog: list it (the marketplace's form, with the lot chosen),
// record a loss, count it, move part of it to another store, regrade it, add photos. Each write goes through the
// outbox; what the lot holds bounds the quantities before the server does.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { GRADES } from '../../../../contract/marketplace-constants';
import { PHOTOS_PER_ITEM } from '../../../../contract/photos-constants';
import { LOSS_REASONS, type TLotDetail, type TMovementInput } from '../../../../contract/stock';
import { ActionDialog, DialogFormButtons } from '../../../components/entity-dialog';
import { PhotoPicker } from '../../../components/photo-picker';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { formatTons, localDay } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { storesQuery } from '../../../lib/queries/stock';
import { photoUploads, type ShrunkPhoto } from '../../../lib/shrink-photo';
import { toast, toastError } from '../../../lib/toast-store';
import { type FieldProps, useZodForm } from '../../../lib/use-zod-form';
import { useAddLotPhotos, useRecordMovement } from '../api/write-stock';
import { lossForm, moveForm, ZCountForm, ZRegradeForm } from '../forms';

/** The stock texts, and the marketplace's: the contract's messages for quantities and grades. */
const FORM_NAMESPACES = ['stock', 'marketplace'];

const kg = (tons: number) => Math.round(tons * 1000);

export function LotActions({ lot }: { lot: TLotDetail }) {
  const { t } = useTranslation(FORM_NAMESPACES);
  if (!lot.canMove && !lot.canSell) {
    return null;
  }
  const full = lot.photos.length >= PHOTOS_PER_ITEM;
  const dialogs = [
    ['loss', (close: () => void) => <LossForm lot={lot} onDone={close} />],
    ['count', (close: () => void) => <CountForm lot={lot} onDone={close} />],
    ['move', (close: () => void) => <MoveForm lot={lot} onDone={close} />],
    ['regrade', (close: () => void) => <RegradeForm lot={lot} onDone={close} />],
    ['photos', (close: () => void) => <PhotosForm lot={lot} onDone={close} />],
  ] as const;
  return (
    <div className="flex flex-wrap gap-2">
      {/* An ungraded lot is graded before it is listed (the listing takes its grade). */}
      {lot.canSell && lot.free > 0 && lot.grade !== null ? (
        <Button asChild>
          <Link href={`/marketplace?listLot=${lot.id}&listFor=${lot.owner.id}`}>{t('actions.list')}</Link>
        </Button>
      ) : null}
      {lot.canMove
        ? dialogs
            .filter(([action]) => action !== 'photos' || !full)
            .map(([action, form]) => (
              <ActionDialog key={action} label={t(`actions.${action}`)} title={t(`${action}Form.title`)}>
                {form}
              </ActionDialog>
            ))
        : null}
    </div>
  );
}

/** Sends a movement, says it is recorded (or kept on the phone) and closes the dialog. */
function useMovement(lot: TLotDetail, onDone: () => void) {
  const { t } = useTranslation(FORM_NAMESPACES);
  const record = useRecordMovement(lot);
  const send = (input: TMovementInput) =>
    mutateThen(record, input, {
      onSuccess: (result) => {
        if (!isQueued(result)) {
          toast({ title: t('form.recorded') });
        }
        onDone();
      },
      onError: (error) => toastError(t('common:error'), error),
    });
  return { send, pending: record.isPending };
}

function DateField({ field, error }: { field: FieldProps; error: string | undefined }) {
  const { t } = useTranslation(FORM_NAMESPACES);
  return (
    <Field id={field.id} label={t('form.date')} error={error} hint={t('form.dateHint')}>
      <Input type="date" max={localDay()} {...field} />
    </Field>
  );
}

function Buttons({ submit, pending }: { submit: string; pending: boolean }) {
  const { t } = useTranslation(FORM_NAMESPACES);
  return <DialogFormButtons cancel={t('form.cancel')} submit={submit} pending={pending} />;
}

function LossForm({ lot, onDone }: { lot: TLotDetail; onDone: () => void }) {
  const { t, i18n } = useTranslation(FORM_NAMESPACES);
  const { send, pending } = useMovement(lot, onDone);
  const available = formatTons(lot.quantity, i18n.language);
  const form = useZodForm(
    lossForm(kg(lot.quantity), available),
    { quantity: '', reason: '', note: '', date: localDay() },
    { idPrefix: 'loss-' },
  );
  const { errors } = form;
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={form.handleSubmit(send)}>
      <Field
        id="loss-quantity"
        label={t('form.quantity')}
        error={errors.quantity}
        hint={t('form.atMost', { available })}
      >
        <Input inputMode="decimal" autoComplete="off" {...form.field('quantity')} />
      </Field>
      <Field id="loss-reason" label={t('lossForm.reason')} error={errors.reason}>
        <Select {...form.field('reason')}>
          <option value="">{t('lossForm.chooseReason')}</option>
          {LOSS_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t(`reasons.${reason}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="loss-note" label={t('form.note')} error={errors.note}>
        <Textarea rows={2} {...form.field('note')} />
      </Field>
      <DateField field={form.field('date')} error={errors.date} />
      <Buttons submit={t('lossForm.submit')} pending={pending} />
    </form>
  );
}

function CountForm({ lot, onDone }: { lot: TLotDetail; onDone: () => void }) {
  const { t, i18n } = useTranslation(FORM_NAMESPACES);
  const { send, pending } = useMovement(lot, onDone);
  const form = useZodForm(ZCountForm, { counted: '', note: '', date: localDay() }, { idPrefix: 'count-' });
  const { errors } = form;
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={form.handleSubmit(send)}>
      <Field
        id="count-counted"
        label={t('countForm.counted')}
        error={errors.counted}
        hint={t('countForm.hint', { quantity: formatTons(lot.quantity, i18n.language) })}
      >
        <Input inputMode="decimal" autoComplete="off" {...form.field('counted')} />
      </Field>
      <Field id="count-note" label={t('form.note')} error={errors.note}>
        <Textarea rows={2} {...form.field('note')} />
      </Field>
      <DateField field={form.field('date')} error={errors.date} />
      <Buttons submit={t('countForm.submit')} pending={pending} />
    </form>
  );
}

function MoveForm({ lot, onDone }: { lot: TLotDetail; onDone: () => void }) {
  const { t, i18n } = useTranslation(FORM_NAMESPACES);
  const { send, pending } = useMovement(lot, onDone);
  const stores = useQuery(storesQuery());
  const targets = (stores.data ?? []).filter((store) => store.id !== lot.store.id);
  const free = formatTons(lot.free, i18n.language);
  const form = useZodForm(
    moveForm(kg(lot.free), free),
    { quantity: '', toStoreId: '', date: localDay() },
    { idPrefix: 'move-' },
  );
  const { errors } = form;
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={form.handleSubmit(send)}>
      <Field
        id="move-quantity"
        label={t('form.quantity')}
        error={errors.quantity}
        hint={t('moveForm.hint', { free })}
      >
        <Input inputMode="decimal" autoComplete="off" {...form.field('quantity')} />
      </Field>
      <Field id="move-toStoreId" label={t('moveForm.toStore')} error={errors.toStoreId}>
        <Select {...form.field('toStoreId')}>
          <option value="">{stores.isPending ? t('form.loading') : t('moveForm.chooseStore')}</option>
          {targets.map((store) => (
            <option key={store.id} value={String(store.id)}>
              {store.location ? `${store.name}, ${store.location}` : store.name}
            </option>
          ))}
        </Select>
      </Field>
      <DateField field={form.field('date')} error={errors.date} />
      <Buttons submit={t('moveForm.submit')} pending={pending} />
    </form>
  );
}

function RegradeForm({ lot, onDone }: { lot: TLotDetail; onDone: () => void }) {
  const { t } = useTranslation(FORM_NAMESPACES);
  const { send, pending } = useMovement(lot, onDone);
  const form = useZodForm(
    ZRegradeForm,
    { grade: lot.grade ?? '', moisture: '', date: localDay() },
    { idPrefix: 'regrade-' },
  );
  const { errors } = form;
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={form.handleSubmit(send)}>
      <Field id="regrade-grade" label={t('regradeForm.grade')} error={errors.grade}>
        <Select {...form.field('grade')}>
          {lot.grade === null ? <option value="">{t('lot.ungraded')}</option> : null}
          {GRADES.map((grade) => (
            <option key={grade} value={grade}>
              {t('lot.grade', { grade })}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id="regrade-moisture"
        label={t('regradeForm.moisture')}
        error={errors.moisture}
        hint={t('regradeForm.moistureHint')}
      >
        <Input inputMode="decimal" autoComplete="off" {...form.field('moisture')} />
      </Field>
      <DateField field={form.field('date')} error={errors.date} />
      <Buttons submit={t('regradeForm.submit')} pending={pending} />
    </form>
  );
}

function PhotosForm({ lot, onDone }: { lot: TLotDetail; onDone: () => void }) {
  const { t } = useTranslation(FORM_NAMESPACES);
  const add = useAddLotPhotos(lot);
  const [photos, setPhotos] = useState<ShrunkPhoto[]>([]);
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (photos.length === 0) {
          return;
        }
        mutateThen(
          add,
          { photos: photoUploads(photos) },
          {
            onSuccess: (result) => {
              if (!isQueued(result)) {
                toast({ title: t('photosForm.added') });
              }
              onDone();
            },
            onError: (error) => toastError(t('common:error'), error),
          },
        );
      }}
    >
      <PhotoPicker photos={photos} onChange={setPhotos} max={PHOTOS_PER_ITEM - lot.photos.length} />
      <Buttons submit={t('photosForm.submit')} pending={add.isPending || photos.length === 0} />
    </form>
  );
}
