// The Add Commodity dialog (farmers, and agents for a farmer they represent): name, quantity in tons or in one of
// the kind's local units (sent as tons), price per ton, grade, the stock lot it sells from, up to 4 photos of the
// goods; also answers a buyer's request.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { z } from 'zod';
import { buildKindIndex, type KindIndex, resolveKind } from '../../../../contract/commodity-kind-index';
import type { TCommodityKind, TKindUnit } from '../../../../contract/commodity-kinds';
import { refuseZeroTotal, ZCommodityFields, ZTonsKg, zUnitCountKg } from '../../../../contract/marketplace';
import { centsToDecimal } from '../../../../contract/money';
import { kgToTons, unitCountToKg } from '../../../../contract/quantity';
import type { TLot } from '../../../../contract/stock';
import { encodeMessage } from '../../../../contract/validation';
import { EntityDialog } from '../../../components/entity-dialog';
import { PhotoPicker } from '../../../components/photo-picker';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { MoneyInput } from '../../../components/ui/money-input';
import { formatNumber, formatTons } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { useRepresentedFarmers } from '../../../lib/queries/agent-links';
import { useCommodityKinds } from '../../../lib/queries/commodity-kinds';
import { sellableLotsQuery } from '../../../lib/queries/stock';
import { photoUploads, type ShrunkPhoto } from '../../../lib/shrink-photo';
import { toast, toastError } from '../../../lib/toast-store';
import { type FieldProps, useZodForm } from '../../../lib/use-zod-form';
import { useCreateCommodity } from '../api/create-commodity';
import { useRequestCommodityKind } from '../api/request-commodity-kind';
import type { ListingDraft } from './listing-draft';

export function AddCommodityDialog({
  draft,
  asAgent = false,
  onClose,
}: {
  /** null: closed; a draft: open with these values. */
  draft: ListingDraft | null;
  /** The caller is an agent: the listing is for a farmer they represent, chosen in the form. */
  asAgent?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('marketplace');
  const description = asAgent
    ? t('add.forFarmerDescription')
    : draft?.requestId === undefined
      ? t('add.description')
      : t('add.forRequest');
  return (
    <EntityDialog open={draft !== null} onClose={onClose} title={t('add.title')} description={description}>
      {draft ? <AddForm draft={draft} asAgent={asAgent} onSuccess={onClose} /> : null}
    </EntityDialog>
  );
}

const listing = ZCommodityFields.pick({ name: true, price: true, grade: true });

/** A local unit's kilograms for a commodity name, or null (tons): only units the catalogue has weighed are offered. */
type UnitKgOf = (name: string, unit: string) => number | null;
/** A lot's free quantity in kilograms, and as the reader sees it in tons; null for a lot not among the choices. */
type LotFreeOf = (lotId: number) => { kg: number; shown: string } | null;

/**
 * The form's schema: the quantity is a count of the chosen unit (12 bags of 100 kg) or tons, read into kilograms
 * either way (the API takes tons). The farmer is a select's value: '' until an agent chooses; farmers never see it.
 * A lot chosen bounds the quantity by its free tons.
 */
export function listingForm(unitKgOf: UnitKgOf, asAgent: boolean, lotFree: LotFreeOf) {
  return listing
    .extend({
      // Checked on its own as tons first (a count of units is written the same way), so its message shows beside
      // the others'; read in its unit once every field is valid.
      quantity: z.string().superRefine((text, refinement) => {
        for (const issue of ZTonsKg.safeParse(text).error?.issues ?? []) {
          refinement.addIssue({ code: 'custom', message: issue.message });
        }
      }),
      unit: z.string(),
      farmer: asAgent ? z.string().regex(/^\d+$/, 'marketplace.validation.farmerRequired') : z.string(),
      lot: z.string(),
    })
    .transform((v, refinement) => {
      const unitKg = unitKgOf(v.name, v.unit);
      const parsed = (unitKg === null ? ZTonsKg : zUnitCountKg(unitKg)).safeParse(v.quantity);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          refinement.addIssue({ code: 'custom', path: ['quantity'], message: issue.message });
        }
        return z.NEVER;
      }
      const free = v.lot === '' ? null : lotFree(Number(v.lot));
      if (free !== null && parsed.data > free.kg) {
        refinement.addIssue({
          code: 'custom',
          path: ['quantity'],
          message: encodeMessage({ key: 'marketplace.add.overFree', params: { free: free.shown } }),
        });
        return z.NEVER;
      }
      return { ...v, quantity: parsed.data };
    })
    .superRefine((v, refinement) => refuseZeroTotal(refinement, 'price', v.price, v.quantity));
}
type ListingForm = z.output<ReturnType<typeof listingForm>>;

/** The units of the kind a name means that have kilograms: a unit not weighed yet cannot say how many tons. */
function weighedUnits(kinds: readonly TCommodityKind[] | undefined, index: KindIndex, name: string) {
  const key = resolveKind(index, name);
  const kind = kinds?.find((k) => k.key === key);
  return (kind?.units ?? []).filter((unit): unit is TKindUnit & { kg: number } => unit.kg !== null);
}

function AddForm({
  draft,
  asAgent,
  onSuccess,
}: {
  draft: ListingDraft;
  asAgent: boolean;
  onSuccess: () => void;
}) {
  const { t } = useTranslation('marketplace');
  const { i18n } = useTranslation();
  const create = useCreateCommodity();
  const [photos, setPhotos] = useState<ShrunkPhoto[]>([]);
  const farmers = useRepresentedFarmers(asAgent);
  const kinds = useCommodityKinds(i18n.language);
  const index = useMemo(() => buildKindIndex(kinds.data ?? []), [kinds.data]);
  const [lotOwner, setLotOwner] = useState<number | null>(draft.farmerId ?? null);
  // A farmer's own lots; an agent's, those of the farmer chosen (none until one is).
  const lots = useQuery({ ...sellableLotsQuery(lotOwner), enabled: !asAgent || lotOwner !== null });
  const schema = useMemo(
    () =>
      listingForm(
        (name, unit) => weighedUnits(kinds.data, index, name).find((u) => u.key === unit)?.kg ?? null,
        asAgent,
        (lotId) => {
          const lot = lots.data?.find((l) => l.id === lotId);
          return lot ? { kg: Math.round(lot.free * 1000), shown: formatTons(lot.free, i18n.language) } : null;
        },
      ),
    [kinds.data, index, asAgent, lots.data, i18n.language],
  );
  const form = useZodForm(
    schema,
    {
      name: draft.name,
      quantity: draft.quantity,
      unit: '',
      price: draft.price,
      grade: draft.grade,
      farmer: draft.farmerId === undefined ? '' : String(draft.farmerId),
      lot: draft.lotId === undefined ? '' : String(draft.lotId),
    },
    { idPrefix: 'add-' },
  );
  const farmerChoice = asAgent && /^\d+$/.test(form.values.farmer) ? Number(form.values.farmer) : null;
  useEffect(() => setLotOwner(farmerChoice), [farmerChoice]);
  const chosenLot = lots.data?.find((lot) => String(lot.id) === form.values.lot) ?? null;
  useFillFromLot(chosenLot, form.setFields);
  const units = weighedUnits(kinds.data, index, form.values.name);
  const unit = units.find((u) => u.key === form.values.unit) ?? null;
  // Another name, another kind: a unit it does not have goes back to tons, visibly, before anything is sent.
  const staleUnit = form.values.unit !== '' && unit === null;
  useEffect(() => {
    if (staleUnit) {
      form.setValue('unit', '');
    }
  }, [staleUnit, form.setValue]);
  const noFarmers = asAgent && farmers.data?.length === 0;
  const submit = (data: ListingForm) => {
    mutateThen(
      create,
      {
        name: data.name,
        quantity: kgToTons(data.quantity),
        price: centsToDecimal(data.price),
        grade: data.grade,
        status: 'available',
        ...(draft.requestId === undefined ? {} : { requestId: draft.requestId }),
        ...(asAgent ? { onBehalfOf: Number(data.farmer) } : {}),
        ...(photos.length > 0 ? { photos: photoUploads(photos) } : {}),
        ...(data.lot === '' ? {} : { lotId: Number(data.lot) }),
      },
      {
        onSuccess: (result) => {
          if (!isQueued(result)) {
            toast({ title: t('common:success'), description: t('add.success') });
          }
          form.reset();
          setPhotos([]);
          onSuccess();
        },
        onError: (error) => toastError(t('common:error'), error),
      },
    );
  };
  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit(submit)}>
      {asAgent ? (
        <Field
          id="add-farmer"
          label={t('add.farmer')}
          error={form.errors.farmer}
          {...(noFarmers ? { hint: t('add.noFarmers') } : {})}
        >
          <Select required disabled={!farmers.data || noFarmers} {...form.field('farmer')}>
            <option value="">{farmers.isPending ? t('add.loadingFarmers') : t('add.chooseFarmer')}</option>
            {(farmers.data ?? []).map((farmer) => (
              <option key={farmer.id} value={String(farmer.id)}>
                {farmer.username}
              </option>
            ))}
          </Select>
          {noFarmers ? (
            <Link href="/agent" className="text-sm text-brand-800 underline">
              {t('add.findFarmers')}
            </Link>
          ) : null}
        </Field>
      ) : null}
      <LotField
        field={form.field('lot')}
        lots={(asAgent && lotOwner === null) || lots.isError ? [] : lots.data}
        chosen={chosenLot}
      />
      <CommodityNameField
        field={form.field('name')}
        error={form.errors.name}
        kinds={kinds.data}
        index={index}
      />
      <QuantityFields
        field={form.field}
        error={form.errors.quantity}
        units={units}
        unit={unit}
        count={form.values.quantity}
      />
      <Field id="add-price" label={t('add.price')} error={form.errors.price}>
        <MoneyInput data-step="0.01" {...form.field('price')} />
      </Field>
      <Field id="add-grade" label={t('add.grade')} error={form.errors.grade}>
        <Select disabled={chosenLot !== null} {...form.field('grade')}>
          {(['A', 'B', 'C'] as const).map((g) => (
            <option key={g} value={g}>
              {t('grade', { grade: g })}
            </option>
          ))}
        </Select>
      </Field>
      <PhotoPicker photos={photos} onChange={setPhotos} />
      <Button type="submit" disabled={create.isPending || noFarmers}>
        {t('add.submit')}
      </Button>
    </form>
  );
}

/** The quantity in tons, or as a count of one of the kind's weighed units with the tons it comes to. */
function QuantityFields({
  field,
  error,
  units,
  unit,
  count,
}: {
  field: (name: 'quantity' | 'unit') => FieldProps;
  error: string | undefined;
  units: readonly (TKindUnit & { kg: number })[];
  unit: (TKindUnit & { kg: number }) | null;
  count: string;
}) {
  const { t, i18n } = useTranslation('marketplace');
  const kg = unit === null ? null : unitCountToKg(count, unit.kg);
  const tons = kg !== null && kg > 0 ? formatTons(kgToTons(kg), i18n.language) : null;
  const quantity = (
    <Field
      id="add-quantity"
      label={unit === null ? t('add.quantity') : t('add.quantityIn', { unit: unit.name })}
      error={error}
      {...(tons === null ? {} : { hint: t('add.inTons', { tons }) })}
    >
      <Input inputMode="decimal" data-step="0.1" autoComplete="off" {...field('quantity')} />
    </Field>
  );
  if (units.length === 0) {
    return quantity;
  }
  // One above the other: a unit's name and a French label need the dialog's whole width on a phone.
  return (
    <>
      <Field id="add-unit" label={t('add.unit')}>
        <Select {...field('unit')}>
          <option value="">{t('add.tons')}</option>
          {units.map((u) => (
            <option key={u.key} value={u.key}>
              {t('add.unitOption', { unit: u.name, kg: formatNumber(u.kg, i18n.language) })}
            </option>
          ))}
        </Select>
      </Field>
      {quantity}
    </>
  );
}

/**
 * The commodity's name, picked from the catalogue as one types (a native list: every browser and screen reader
 * knows it). A name the catalogue does not know can still be listed, and its seller may ask a manager to add it.
 */
function CommodityNameField({
  field,
  error,
  kinds,
  index,
}: {
  field: FieldProps;
  error: string | undefined;
  /** The catalogue, once loaded. */
  kinds: readonly TCommodityKind[] | undefined;
  index: KindIndex;
}) {
  const { t } = useTranslation('marketplace');
  const ask = useRequestCommodityKind();
  const typed = field.value.trim();
  const unknown = kinds !== undefined && typed.length >= 2 && resolveKind(index, typed) === null;
  return (
    <Field
      id="add-name"
      label={t('add.name')}
      error={error}
      {...(unknown ? { hint: t('catalogue.notListed') } : {})}
    >
      <Input placeholder={t('add.namePlaceholder')} autoComplete="off" list="add-name-kinds" {...field} />
      <datalist id="add-name-kinds">
        {(kinds ?? []).map((kind) => (
          <option key={kind.key} value={kind.name} />
        ))}
      </datalist>
      {unknown ? (
        <Button
          type="button"
          variant="secondary"
          disabled={ask.isPending || ask.isSuccess}
          onClick={() =>
            mutateThen(
              ask,
              { name: typed },
              {
                onSuccess: () =>
                  toast({ title: t('common:success'), description: t('catalogue.asked', { name: typed }) }),
                onError: (error) => toastError(t('common:error'), error),
              },
            )
          }
        >
          {t('catalogue.ask')}
        </Button>
      ) : null}
    </Field>
  );
}

/** A lot chosen (on opening from the stock screen, or in the picker): the listing takes its crop name and grade. */
function useFillFromLot(
  lot: TLot | null,
  setFields: (changed: Partial<Record<'name' | 'grade' | 'unit', string>>) => void,
) {
  const id = lot?.id ?? null;
  const name = lot?.crop ?? '';
  const grade = lot?.grade ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled once per lot chosen, not on every edit after
  useEffect(() => {
    if (id !== null && grade !== null) {
      setFields({ name, grade, unit: '' });
    }
  }, [id]);
}

/** The stock lot a listing sells from (its free quantity bounds the listing), or none: "stock not recorded". */
function LotField({
  field,
  lots,
  chosen,
}: {
  field: FieldProps;
  /** The lots with free stock, once loaded. */
  lots: readonly TLot[] | undefined;
  chosen: TLot | null;
}) {
  const { t, i18n } = useTranslation('marketplace');
  if (lots?.length === 0 && field.value === '') {
    return null;
  }
  return (
    <Field
      id="add-lot"
      label={t('add.lot')}
      {...(chosen ? { hint: t('add.lotFree', { free: formatTons(chosen.free, i18n.language) }) } : {})}
    >
      <Select {...field}>
        <option value="">{lots === undefined ? t('add.loadingLots') : t('add.noLot')}</option>
        {(lots ?? []).map((lot) => (
          <option key={lot.id} value={String(lot.id)}>
            {t('add.lotOption', {
              crop: lot.crop,
              grade: lot.grade,
              store: lot.store.name,
              free: formatTons(lot.free, i18n.language),
            })}
          </option>
        ))}
      </Select>
    </Field>
  );
}
