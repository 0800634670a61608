// The stock screen's two creation forms (loaded when a dialog first opens, with the contract's rules): a new store,
// and opening stock (what was held before it was recorded here); an agent's opening stock is the chosen farmer's.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STORE_KINDS } from '../../../../contract/constants';
import { GRADES } from '../../../../contract/marketplace-constants';
import { DialogFormButtons } from '../../../components/entity-dialog';
import { PhotoPicker } from '../../../components/photo-picker';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { localDay } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { useCommodityKinds } from '../../../lib/queries/commodity-kinds';
import { useFarms } from '../../../lib/queries/farms';
import { lotsQuery, storesQuery } from '../../../lib/queries/stock';
import { photoUploads, type ShrunkPhoto } from '../../../lib/shrink-photo';
import { toast, toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateLot, useCreateStore } from '../api/write-stock';
import { ZLotForm, ZStoreForm } from '../forms';

/** The stock texts, and the marketplace's: the contract's messages for quantities and grades. */
const FORM_NAMESPACES = ['stock', 'marketplace'];

export function StoreForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(FORM_NAMESPACES);
  const create = useCreateStore();
  const farms = useFarms();
  const form = useZodForm(
    ZStoreForm,
    { name: '', kind: 'home', location: '', farmId: '' },
    { idPrefix: 'store-' },
  );
  const { errors } = form;
  const ownFarms = (farms.data ?? []).filter((farm) => farm.myRole === 'owner');
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((input) =>
        mutateThen(create, input, {
          onSuccess: (result) => {
            if (!isQueued(result)) {
              toast({ title: t('storeForm.created') });
            }
            onDone();
          },
          onError: (error) => toastError(t('common:error'), error),
        }),
      )}
    >
      <Field id="store-name" label={t('storeForm.name')} error={errors.name}>
        <Input autoComplete="off" {...form.field('name')} />
      </Field>
      <Field id="store-kind" label={t('storeForm.kind')} error={errors.kind}>
        <Select {...form.field('kind')}>
          {STORE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`store.kind.${kind}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id="store-location"
        label={t('storeForm.location')}
        error={errors.location}
        hint={t('storeForm.locationHint')}
      >
        <Input autoComplete="off" {...form.field('location')} />
      </Field>
      {form.values.kind === 'home' && ownFarms.length > 0 ? (
        <Field id="store-farmId" label={t('storeForm.farm')} error={errors.farmId}>
          <Select {...form.field('farmId')}>
            <option value="">{t('storeForm.noFarm')}</option>
            {ownFarms.map((farm) => (
              <option key={farm.id} value={String(farm.id)}>
                {farm.name}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      <DialogFormButtons
        cancel={t('form.cancel')}
        submit={t('storeForm.submit')}
        pending={create.isPending}
      />
    </form>
  );
}

/** The stores stock may be recorded in: those the caller keeps, and those the chosen farmer's lots are in. */
function useStoreChoices(owner: number | null) {
  const stores = useQuery(storesQuery());
  const lots = useInfiniteQuery(lotsQuery({ owner }));
  const choices = new Map<number, string>();
  for (const store of stores.data ?? []) {
    if (store.keeps) {
      choices.set(store.id, store.name);
    }
  }
  for (const lot of lots.data?.pages.flatMap((page) => page.items) ?? []) {
    choices.set(lot.store.id, lot.store.name);
  }
  return choices;
}

export function OpeningStockForm({ owner, onDone }: { owner: number | null; onDone: () => void }) {
  const { t } = useTranslation(FORM_NAMESPACES);
  const stores = useStoreChoices(owner);
  const create = useCreateLot((id) => stores.get(id) ?? '');
  const [photos, setPhotos] = useState<ShrunkPhoto[]>([]);
  const { i18n } = useTranslation();
  const kinds = useCommodityKinds(i18n.language);
  const first = stores.keys().next().value;
  const form = useZodForm(
    ZLotForm,
    {
      storeId: first === undefined ? '' : String(first),
      crop: '',
      variety: '',
      grade: 'A',
      moisture: '',
      quantity: '',
      date: localDay(),
    },
    { idPrefix: 'lot-' },
  );
  const { errors } = form;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((input) =>
        mutateThen(
          create,
          {
            ...input,
            ...(owner === null ? {} : { ownerId: owner }),
            photos: photoUploads(photos),
          },
          {
            onSuccess: (result) => {
              if (!isQueued(result)) {
                toast({ title: t('lotForm.created') });
              }
              onDone();
            },
            onError: (error) => toastError(t('common:error'), error),
          },
        ),
      )}
    >
      <Field id="lot-storeId" label={t('lotForm.store')} error={errors.storeId}>
        <Select {...form.field('storeId')}>
          <option value="">{t('lotForm.chooseStore')}</option>
          {[...stores].map(([id, name]) => (
            <option key={id} value={String(id)}>
              {name}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="lot-crop" label={t('lotForm.crop')} error={errors.crop}>
        {/* The catalogue's names, as a listing's: a lot is listed under its crop's name. */}
        <Input autoComplete="off" list="lot-crop-kinds" {...form.field('crop')} />
        <datalist id="lot-crop-kinds">
          {(kinds.data ?? []).map((kind) => (
            <option key={kind.key} value={kind.name} />
          ))}
        </datalist>
      </Field>
      <Field id="lot-variety" label={t('lotForm.variety')} error={errors.variety}>
        <Input autoComplete="off" {...form.field('variety')} />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id="lot-grade" label={t('lotForm.grade')} error={errors.grade}>
          <Select {...form.field('grade')}>
            {GRADES.map((grade) => (
              <option key={grade} value={grade}>
                {t('lot.grade', { grade })}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="lot-moisture" label={t('lotForm.moisture')} error={errors.moisture}>
          <Input inputMode="decimal" autoComplete="off" {...form.field('moisture')} />
        </Field>
      </div>
      <Field id="lot-quantity" label={t('lotForm.quantity')} error={errors.quantity}>
        <Input inputMode="decimal" autoComplete="off" {...form.field('quantity')} />
      </Field>
      <Field id="lot-date" label={t('form.date')} error={errors.date} hint={t('form.dateHint')}>
        <Input type="date" max={localDay()} {...form.field('date')} />
      </Field>
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium text-stone-800">{t('form.photos')}</span>
        <PhotoPicker photos={photos} onChange={setPhotos} />
      </div>
      <DialogFormButtons cancel={t('form.cancel')} submit={t('lotForm.submit')} pending={create.isPending} />
    </form>
  );
}
