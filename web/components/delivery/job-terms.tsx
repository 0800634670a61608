// A delivery's terms as everyone on the order reads them: from where to where (with a map link for a pin), when,
// and the driver's fee with who pays it. Nothing shows for an older delivery arranged without them.
import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TPlace } from '../../../contract/delivery-terms';
import type { TDelivery } from '../../../contract/orders';
import { formatWindow, geoUri, mapLink } from '../../lib/delivery-terms';
import { formatMoney } from '../../lib/format';

function PlaceLine({ label, place }: { label: string; place: TPlace }) {
  const { t } = useTranslation('orders');
  const href = mapLink(place);
  const geo = geoUri(place);
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{label}</dt>
      <dd className="flex flex-wrap items-center gap-x-3 gap-y-1 text-base text-stone-900">
        <span className="break-words">{place.name}</span>
        {href && geo ? (
          <>
            <a
              href={href}
              target="_blank"
              rel="noreferrer"
              aria-label={t('terms.mapOf', { place: place.name })}
              className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-800 underline underline-offset-4"
            >
              <MapPin aria-hidden className="h-4 w-4" />
              {t('terms.map')}
            </a>
            <a
              href={geo}
              className="inline-flex min-h-11 items-center text-sm text-brand-800 underline underline-offset-4"
            >
              {t('terms.openInMaps')}
            </a>
          </>
        ) : null}
      </dd>
    </div>
  );
}

export function JobTerms({ delivery }: { delivery: Pick<TDelivery, 'from' | 'to' | 'window' | 'fee'> }) {
  const { t, i18n } = useTranslation('orders');
  const lng = i18n.language;
  const { from, to, window, fee } = delivery;
  if (!from && !to && !window && !fee) {
    return null;
  }
  return (
    <dl data-testid="job-terms" className="grid gap-3 rounded-md border border-stone-200 p-3 sm:grid-cols-2">
      {from ? <PlaceLine label={t('terms.from')} place={from} /> : null}
      {to ? <PlaceLine label={t('terms.to')} place={to} /> : null}
      {window ? (
        <div className="flex flex-col gap-1">
          <dt className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
            {t('terms.window')}
          </dt>
          <dd className="text-base text-stone-900">{formatWindow(window, lng)}</dd>
        </div>
      ) : null}
      {fee ? (
        <div className="flex flex-col gap-1">
          <dt className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{t('terms.fee')}</dt>
          <dd className="text-base text-stone-900">
            {t('terms.feePaidBy', {
              amount: formatMoney(fee.amount, lng),
              payer: t(`terms.payer.${fee.paidBy}`),
            })}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
