// The Edit listing dialog (the owner or their agent): price per ton, tons still available, grade. Only what changed
// is sent.
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { refuseZeroTotal, type TCommodity, ZCommodityFields } from '../../../../contract/marketplace';
import { centsToDecimal, parseMoneyToCents } from '../../../../contract/money';
import { kgToTons, parseTonsToKg } from '../../../../contract/quantity';
import { EntityDialog } from '../../../components/entity-dialog';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { MoneyInput } from '../../../components/ui/money-input';
import { toDecimalInput } from '../../../lib/format';
import { translateMessage } from '../../../lib/i18n';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast, toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
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
      {commodity ? <EditForm key={commodity.id} commodity={commodity} onDone={onClose} /> : null}
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
