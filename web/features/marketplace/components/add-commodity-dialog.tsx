// The Add Commodity dialog (farmers, and agents for a farmer they represent): name, quantity in tons, price per
// ton, grade; also answers a buyer's request.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { z } from 'zod';
import { buildKindIndex, resolveKind, type TCommodityKind } from '../../../../contract/commodity-kinds';
import { refuseZeroTotal, ZCommodityFields } from '../../../../contract/marketplace';
import { centsToDecimal } from '../../../../contract/money';
import { kgToTons } from '../../../../contract/quantity';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { MoneyInput } from '../../../components/ui/money-input';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { useRepresentedFarmers } from '../../../lib/represented-farmers';
import { toast } from '../../../lib/toast-store';
import { type FieldProps, useZodForm } from '../../../lib/use-zod-form';
import { useCreateCommodity } from '../api/create-commodity';
import { useCommodityKinds } from '../api/get-commodity-kinds';
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
    <Dialog
      open={draft !== null}
      onOpenChange={(open) => {
        if (!open) {
          onClose();
        }
      }}
      title={t('add.title')}
      description={description}
    >
      {draft ? <AddForm draft={draft} asAgent={asAgent} onSuccess={onClose} /> : null}
    </Dialog>
  );
}

const listing = ZCommodityFields.pick({ name: true, quantity: true, price: true, grade: true });
// The farmer is a select's value: '' until an agent chooses; farmers never see the field.
const ZFarmerListingForm = listing
  .extend({ farmer: z.string() })
  .superRefine((v, refinement) => refuseZeroTotal(refinement, 'price', v.price, v.quantity));
const ZAgentListingForm = listing
  .extend({ farmer: z.string().regex(/^\d+$/, 'marketplace.validation.farmerRequired') })
  .superRefine((v, refinement) => refuseZeroTotal(refinement, 'price', v.price, v.quantity));
type ListingForm = z.output<typeof ZFarmerListingForm>;

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
  const create = useCreateCommodity();
  const farmers = useRepresentedFarmers(asAgent);
  const form = useZodForm(
    asAgent ? ZAgentListingForm : ZFarmerListingForm,
    {
      name: draft.name,
      quantity: draft.quantity,
      price: draft.price,
      grade: draft.grade,
      farmer: draft.farmerId === undefined ? '' : String(draft.farmerId),
    },
    { idPrefix: 'add-' },
  );
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
      },
      {
        onSuccess: (result) => {
          if (!isQueued(result)) {
            toast({ title: t('common:success'), description: t('add.success') });
          }
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
      <CommodityNameField field={form.field('name')} error={form.errors.name} />
      <Field id="add-quantity" label={t('add.quantity')} error={form.errors.quantity}>
        <Input inputMode="decimal" data-step="0.1" autoComplete="off" {...form.field('quantity')} />
      </Field>
      <Field id="add-price" label={t('add.price')} error={form.errors.price}>
        <MoneyInput data-step="0.01" {...form.field('price')} />
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
      <Button type="submit" disabled={create.isPending || noFarmers}>
        {t('add.submit')}
      </Button>
    </form>
  );
}

/**
 * The commodity's name, picked from the catalogue as one types (a native list: every browser and screen reader
 * knows it). A name the catalogue does not know can still be listed, and its seller may ask a manager to add it.
 */
function CommodityNameField({ field, error }: { field: FieldProps; error: string | undefined }) {
  const { t, i18n } = useTranslation('marketplace');
  const kinds = useCommodityKinds(i18n.language);
  const ask = useRequestCommodityKind();
  const typed = field.value.trim();
  const index = useMemo(() => buildKindIndex(kinds.data ?? []), [kinds.data]);
  const unknown = kinds.data !== undefined && typed.length >= 2 && resolveKind(index, typed) === null;
  return (
    <Field
      id="add-name"
      label={t('add.name')}
      error={error}
      {...(unknown ? { hint: t('catalogue.notListed') } : {})}
    >
      <Input placeholder={t('add.namePlaceholder')} autoComplete="off" list="add-name-kinds" {...field} />
      <datalist id="add-name-kinds">
        {(kinds.data ?? []).map((kind: TCommodityKind) => (
          <option key={kind.key} value={kind.name} />
        ))}
      </datalist>
      {unknown ? (
        <Button
          type="button"
          variant="secondary"
          disabled={ask.isPending || ask.isSuccess}
          onClick={() =>
            ask.mutate(
              { name: typed },
              {
                onSuccess: () =>
                  toast({ title: t('common:success'), description: t('catalogue.asked', { name: typed }) }),
                onError: (error) =>
                  toast({ title: t('common:error'), description: error.message, variant: 'destructive' }),
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
