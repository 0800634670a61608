// Price alerts on the marketplace: a commodity from the catalogue and a price per ton; told once per crossing.
import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/input';
import { MoneyInput } from '../../../components/ui/money-input';
import { formatMoney } from '../../../lib/format';
import { useCommodityKinds } from '../../../lib/queries/commodity-kinds';
import { toast, toastError } from '../../../lib/toast-store';
import { usePriceAlerts, useRemovePriceAlert, useSetPriceAlert } from '../api/price-alerts';

export function PriceAlerts() {
  const { t, i18n } = useTranslation('marketplace');
  const kinds = useCommodityKinds(i18n.language);
  const alerts = usePriceAlerts(i18n.language);
  const set = useSetPriceAlert();
  const remove = useRemovePriceAlert();
  const [commodity, setCommodity] = useState('');
  const [price, setPrice] = useState('');
  const failed = (error: Error) => toastError(t('common:error'), error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    set.mutate(
      { commodity, price },
      {
        onSuccess: () => {
          setPrice('');
          toast({ title: t('common:success'), description: t('alerts.saved') });
        },
        onError: failed,
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('alerts.title')}</CardTitle>
        <CardDescription>{t('alerts.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {(alerts.data ?? []).length > 0 ? (
          <ul>
            {(alerts.data ?? []).map((alert) => (
              <li
                key={alert.id}
                className="flex items-center justify-between gap-2 border-b border-stone-100 py-1"
              >
                <span className="text-sm">
                  {t('alerts.line', {
                    name: alert.commodity,
                    price: formatMoney(alert.price, i18n.language),
                  })}
                </span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('alerts.remove', { name: alert.commodity })}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(alert.id, { onError: failed })}
                >
                  <Trash2 aria-hidden className="h-4 w-4" />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <form noValidate className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end" onSubmit={submit}>
          <Field id="alert-commodity" label={t('alerts.commodity')}>
            <Select id="alert-commodity" value={commodity} onChange={(e) => setCommodity(e.target.value)}>
              <option value="">{t('alerts.choose')}</option>
              {(kinds.data ?? []).map((kind) => (
                <option key={kind.key} value={kind.key}>
                  {kind.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="alert-price" label={t('alerts.price')}>
            <MoneyInput id="alert-price" value={price} onChange={(e) => setPrice(e.target.value)} />
          </Field>
          <Button type="submit" disabled={set.isPending || commodity === '' || price === ''}>
            {t('alerts.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
