// The seller delivers part (or the rest) of the agreement: a quantity up to the most that may still come, from a
// lot of the agreement's crop and grade if they pick one. The delivery is an order of its own (the buyer's code,
// what is still due after the deposit): once made, its link opens it.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TForwardAgreement } from '../../../../contract/forward-agreements';
import { kgToTons } from '../../../../contract/quantity';
import type { TLot } from '../../../../contract/stock';
import { useAgreementText } from '../../../components/agreements/agreement-text';
import { DialogFormButtons } from '../../../components/entity-dialog';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { toDecimalInput } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { sellableLotsQuery } from '../../../lib/queries/stock';
import { toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useDeliver } from '../api/write-agreement';

// The validator (zod and the contract's schema) loads when the form is first used, not with the screen.
const loadDeliverForm = () => import('../agreement-forms-schema').then((m) => m.deliverForm);

/** A lot the delivery may come from: the agreement's crop (its key or its name) and grade, with free stock. */
const fits = (lot: TLot, agreement: TForwardAgreement, cropName: string) =>
  lot.grade === agreement.grade &&
  [agreement.crop, cropName.toLowerCase()].includes(lot.crop.toLowerCase().replace(/ /g, '_'));

export function DeliverForm({ agreement, onDone }: { agreement: TForwardAgreement; onDone: () => void }) {
  const { t, i18n } = useTranslation('agreements');
  const text = useAgreementText();
  const deliver = useDeliver(agreement.id);
  const [orderId, setOrderId] = useState<number | null>(null);
  const lots = useQuery(sellableLotsQuery(null)).data ?? [];
  const cropName = text.crop(agreement.crop);
  const usable = lots.filter((lot) => fits(lot, agreement, cropName));
  const prefix = `deliver-${agreement.id}-`;
  const start = agreement.remaining > 0 ? agreement.remaining : agreement.maxMore;
  const form = useZodForm(
    loadDeliverForm,
    { quantity: toDecimalInput(start, i18n.language), lotId: '' },
    { idPrefix: prefix },
  );
  if (orderId !== null) {
    return (
      <div className="flex flex-col gap-4" role="status">
        <p className="text-sm text-stone-800">{t('actions.delivered', { number: orderId })}</p>
        <Button asChild>
          <Link href={`/orders?order=${orderId}`}>{t('actions.openOrder', { number: orderId })}</Link>
        </Button>
      </div>
    );
  }
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((data) =>
        mutateThen(
          deliver,
          { ...data, quantity: kgToTons(data.quantity) },
          {
            onSuccess: (result) => (isQueued(result) ? onDone() : setOrderId(result.orderId)),
            onError: (error) => toastError(t('actions.failed'), error),
          },
        ),
      )}
    >
      <p className="text-sm text-stone-700">
        {t('actions.deliverLimits', {
          remaining: text.tons(agreement.remaining),
          max: text.tons(agreement.maxMore),
        })}
      </p>
      <Field id={`${prefix}quantity`} label={t('actions.deliverQuantity')} error={form.errors.quantity}>
        <Input inputMode="decimal" autoComplete="off" {...form.field('quantity')} />
      </Field>
      <Field id={`${prefix}lotId`} label={t('actions.deliverLot')} error={form.errors.lotId}>
        <Select {...form.field('lotId')}>
          <option value="">{t('actions.noLot')}</option>
          {usable.map((lot) => (
            <option key={lot.id} value={String(lot.id)}>
              {t('actions.lotOption', { number: lot.id, store: lot.store.name, free: text.tons(lot.free) })}
            </option>
          ))}
        </Select>
      </Field>
      <DialogFormButtons
        cancel={t('actions.cancel')}
        submit={t('actions.deliverSubmit')}
        pending={deliver.isPending}
      />
    </form>
  );
}
