// The place-bid dialog: price per ton and quantity in tons (',' or '.'), the total as typed, with the spec's toasts.
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type TCommodity, ZPriceCents, ZTonsKg } from '../../../../contract/marketplace';
import { centsToDecimal } from '../../../../contract/money';
import { kgToTons } from '../../../../contract/quantity';
import { EntityDialog } from '../../../components/entity-dialog';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { MoneyInput } from '../../../components/ui/money-input';
import { formatMoney, toDecimalInput } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast, toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { usePlaceBid } from '../api/place-bid';
import { bidTotalCents } from '../bid-total';
import { price as formatPrice, tons } from '../format';
import { StockLine } from './stock-line';

const ZBidForm = z.object({ price: ZPriceCents, quantity: ZTonsKg });

export function PlaceBidDialog({
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
      title={t('bid.title', { commodity: commodity?.name ?? '' })}
    >
      {commodity ? <BidForm key={commodity.id} commodity={commodity} onDone={onClose} /> : null}
    </EntityDialog>
  );
}

function BidForm({ commodity, onDone }: { commodity: TCommodity; onDone: () => void }) {
  const { t, i18n } = useTranslation('marketplace');
  const placeBid = usePlaceBid();
  const form = useZodForm(
    ZBidForm,
    {
      price: toDecimalInput(commodity.price, i18n.language),
      quantity: toDecimalInput(commodity.quantity, i18n.language),
    },
    { idPrefix: 'bid-' },
  );
  // Follows each keystroke: what the buyer commits to, exact in cents.
  const total = bidTotalCents(form.values.price, form.values.quantity);
  const submit = (data: z.output<typeof ZBidForm>) => {
    mutateThen(
      placeBid,
      {
        commodityId: commodity.id,
        commodityName: commodity.name,
        price: centsToDecimal(data.price),
        quantity: kgToTons(data.quantity),
      },
      {
        onSuccess: (result) => {
          if (!isQueued(result)) {
            toast({
              title: t('bid.success'),
              description: t('bid.successDescription', { commodity: commodity.name }),
            });
          }
          onDone();
        },
        onError: (error) => toastError(t('bid.failure'), error),
      },
    );
  };
  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit(submit)}>
      <p className="text-sm text-stone-700">
        {t('bid.listing', {
          price: formatPrice(commodity.price, i18n.language),
          quantity: tons(commodity.quantity, i18n.language),
        })}
        <StockLine c={commodity} />
      </p>
      <Field id="bid-price" label={t('bid.price')} error={form.errors.price}>
        <MoneyInput {...form.field('price')} />
      </Field>
      <Field id="bid-quantity" label={t('bid.quantity')} error={form.errors.quantity}>
        <Input inputMode="decimal" autoComplete="off" {...form.field('quantity')} />
      </Field>
      <p data-testid="bid-total" aria-live="polite" className="text-sm font-medium text-stone-900">
        {total === null
          ? t('bid.totalPending')
          : t('bid.total', { total: formatMoney(centsToDecimal(total), i18n.language) })}
      </p>
      <Button type="submit" disabled={placeBid.isPending}>
        {t('bid.submit')}
      </Button>
    </form>
  );
}
