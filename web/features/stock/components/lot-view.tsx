// One lot: its figures and photos, the "sell now or store?" hint (nothing when the market's history is short), the
// actions its keeper may take, the listings drawing on it and its movements, newest first.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LESSON_LINKS } from '../../../../contract/lessons-constants';
import { SAFE_GRAIN_MOISTURE, type TLotDetail, type TMovement } from '../../../../contract/stock';
import { LessonLink } from '../../../components/lesson-link';
import { PhotoGallery } from '../../../components/photo-gallery';
import { QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDay, formatNumber, formatTons } from '../../../lib/format';
import { lotQuery } from '../../../lib/queries/stock';
import { hintParams, signedTons, stockMoney } from '../format';
import { LotActions } from './lot-actions';

export function LotView({ lotId }: { lotId: number }) {
  const { t } = useTranslation('stock');
  const lot = useQuery(lotQuery(lotId));
  if (!lot.isSuccess) {
    return <QueryState query={lot} error={t('lot.loadError')} />;
  }
  return <LotDetail lot={lot.data} />;
}

function LotDetail({ lot }: { lot: TLotDetail }) {
  const { t, i18n } = useTranslation('stock');
  const tons = (value: number) => t('tons', { value: formatTons(value, i18n.language) });
  const figures = [
    ['free', tons(lot.free)],
    ['reserved', tons(lot.reserved)],
    ['total', tons(lot.quantity)],
  ] as const;
  return (
    <div className="flex flex-col gap-4" data-testid="lot-detail">
      <div>
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold text-stone-900">
          {lot.crop}
          <Badge variant="secondary">
            {t(lot.grade === null ? 'lot.ungraded' : 'lot.grade', { grade: lot.grade })}
          </Badge>
        </h1>
        <p className="text-sm text-stone-600">
          {[
            lot.variety,
            lot.moisture === null
              ? t('lot.noMoisture')
              : t('lot.moisture', { moisture: formatNumber(lot.moisture, i18n.language) }),
            lot.store.location ? `${lot.store.name}, ${lot.store.location}` : lot.store.name,
            t('lot.owner', { name: lot.owner.username }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        {figures.map(([key, value]) => (
          <div key={key}>
            <dt className="text-stone-600">{t(`lot.${key}`)}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid={`lot-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-stone-800" data-testid="lot-value">
        {lot.value === null
          ? t('lot.noPrice')
          : t('lot.value', {
              total: stockMoney(lot.value.total, i18n.language),
              price: stockMoney(lot.value.price, i18n.language),
              date: formatDay(lot.value.asOf, i18n.language),
            })}
      </p>
      {lot.receipt ? (
        <p className="text-sm">
          <Link href={`/receipts/${lot.receipt.code}`} className="text-brand-800 underline">
            {t('lot.receiptLink', { number: lot.receipt.number })}
          </Link>{' '}
          ({t(`receipt.statuses.${lot.receipt.status}`)})
        </p>
      ) : null}
      <PhotoGallery photos={lot.photos} title={lot.crop} />
      <LotActions lot={lot} />
      <StorageHint lot={lot} />
      <Listings lot={lot} />
      <Movements movements={lot.movements} />
    </div>
  );
}

/** "Sell now or store?" as sentences from the hint's figures, with their source; nothing without a hint. */
function StorageHint({ lot }: { lot: TLotDetail }) {
  const { t, i18n } = useTranslation('stock');
  const params = hintParams(lot.hint, i18n.language, lot.crop);
  if (lot.hint === null || params === null) {
    return null;
  }
  const safe = formatNumber(SAFE_GRAIN_MOISTURE, i18n.language);
  return (
    <Card data-testid="storage-hint">
      <CardHeader>
        <CardTitle>{t('hint.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-1 text-sm text-stone-800">
        <p>{t(params.falls ? 'hint.fell' : 'hint.rose', params)}</p>
        <p>{t('hint.loss', params)}</p>
        {lot.hint.dryEnough === null ? null : (
          <p>{t(lot.hint.dryEnough ? 'hint.dry' : 'hint.wet', { safe })}</p>
        )}
        {lot.hint.dryEnough === false ? <LessonLink slug={LESSON_LINKS.wetLot} /> : null}
        <p className="text-xs text-stone-600">{t('hint.source', { source: lot.hint.source })}</p>
      </CardContent>
    </Card>
  );
}

function Listings({ lot }: { lot: TLotDetail }) {
  const { t, i18n } = useTranslation('stock');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('listings.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {lot.listings.length === 0 ? (
          <p className="text-sm text-stone-600">{t('listings.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {lot.listings.map((listing) => (
              <li key={listing.id}>
                {t('listings.item', {
                  id: listing.id,
                  quantity: formatTons(listing.quantity, i18n.language),
                })}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** What a movement says beside its kind: its reason, the other store, the new grade, the order. */
function movementDetail(movement: TMovement, t: (key: string, params?: Record<string, unknown>) => string) {
  const parts: string[] = [];
  if (movement.reason) {
    parts.push(t(`reasons.${movement.reason}`));
  }
  if (movement.otherStore) {
    parts.push(
      t(movement.kind === 'transfer_in' ? 'movements.from' : 'movements.to', { store: movement.otherStore }),
    );
  }
  if (movement.grade) {
    parts.push(t('lot.grade', { grade: movement.grade }));
  }
  if (movement.orderId !== null) {
    parts.push(t('movements.order', { id: movement.orderId }));
  }
  if (movement.note) {
    parts.push(movement.note);
  }
  return parts.join(' · ');
}

function Movements({ movements }: { movements: TMovement[] }) {
  const { t, i18n } = useTranslation('stock');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('movements.title')}</CardTitle>
        <CardDescription>{t('movements.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y divide-stone-100" data-testid="movements">
          {movements.map((movement) => (
            <li key={movement.id} className="flex items-start justify-between gap-3 py-2 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-stone-900">{t(`movements.kind.${movement.kind}`)}</p>
                <p className="text-xs text-stone-600">
                  {[
                    movementDetail(movement, t),
                    movement.by ? t('movements.by', { name: movement.by.username }) : null,
                    formatDay(movement.happenedOn, i18n.language),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              <span className="shrink-0 font-semibold tabular-nums">
                {movement.kind === 'regrade'
                  ? null
                  : t('tons', { value: signedTons(movement.quantity, i18n.language) })}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
