// The commodity list's rows: a sortable table from md, sortable cards on phones, and each listing's actions (bid,
// or edit and withdraw for the listing's owner and their agent).
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TCommodity } from '../../../../contract/marketplace';
import { PhotoGallery } from '../../../components/photo-gallery';
import { RatingBadge } from '../../../components/ratings/rating-badge';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { price, tons } from '../format';
import type { SortKey, SortState } from '../sort-commodities';
import { StockLine } from './stock-line';

/** What a row offers: who may edit a listing, who may bid on it, and what each button does. */
export interface ListingActions {
  /** Whose listings the user may edit and withdraw: their own, and an agent's farmers'. */
  managed: ReadonlySet<number>;
  canBid: (commodity: TCommodity) => boolean;
  onBid: (commodity: TCommodity) => void;
  onEdit: (commodity: TCommodity) => void;
  onWithdraw: (commodity: TCommodity) => void;
}

interface RowsProps {
  rows: TCommodity[];
  sort: SortState;
  onSort: (key: SortKey) => void;
  actions: ListingActions;
}

const SORTABLE: SortKey[] = ['quantity', 'price', 'grade'];

function SortButton({
  sort,
  column,
  onSort,
}: {
  sort: SortState;
  column: SortKey;
  onSort: (key: SortKey) => void;
}) {
  const { t } = useTranslation('marketplace');
  const label = t(`list.${column}`);
  return (
    <button
      type="button"
      className="inline-flex items-center gap-1 font-medium hover:text-brand-800"
      onClick={() => onSort(column)}
      aria-label={t('list.sortBy', { column: label })}
    >
      {label}
      {sort.key === column ? (
        sort.direction === 'asc' ? (
          <ArrowUp aria-hidden className="h-3.5 w-3.5" />
        ) : (
          <ArrowDown aria-hidden className="h-3.5 w-3.5" />
        )
      ) : null}
    </button>
  );
}

function StatusBadge({ status }: { status: TCommodity['status'] }) {
  const { t } = useTranslation('marketplace');
  return <Badge variant={status === 'available' ? 'default' : 'secondary'}>{t(`status.${status}`)}</Badge>;
}

/** Who sells a listing (a co-operative by its name and members), and the agent who listed it for them. */
function Seller({ c }: { c: TCommodity }) {
  const { t } = useTranslation('marketplace');
  if (c.cooperative) {
    return <>{t('list.cooperative', { name: c.cooperative.name, count: c.cooperative.members })}</>;
  }
  return (
    <>
      {c.sellerUsername}
      {c.listedBy ? ` · ${t('list.via', { agent: c.listedBy })}` : null}
    </>
  );
}

/** What the owner of an available listing (or their agent) may do with it, in this order. */
const OWNER_ACTIONS = [
  { action: 'edit', variant: 'secondary', handler: 'onEdit' },
  { action: 'withdraw', variant: 'ghost', handler: 'onWithdraw' },
] as const;

function RowActions({ c, actions }: { c: TCommodity; actions: ListingActions }) {
  const { t } = useTranslation('marketplace');
  if (!actions.managed.has(c.userId)) {
    return (
      <Button size="sm" variant="secondary" disabled={!actions.canBid(c)} onClick={() => actions.onBid(c)}>
        {t('list.placeBid')}
      </Button>
    );
  }
  return c.status === 'available' ? (
    <div className="flex justify-end gap-2">
      {OWNER_ACTIONS.map(({ action, variant, handler }) => (
        <Button
          key={action}
          size="sm"
          variant={variant}
          aria-label={t(`list.${action}Named`, { commodity: c.name })}
          onClick={() => actions[handler](c)}
        >
          {t(`list.${action}`)}
        </Button>
      ))}
    </div>
  ) : null;
}

export function CommodityTable({ rows, sort, onSort, actions }: RowsProps) {
  const { t, i18n } = useTranslation('marketplace');
  const ariaSort = (key: SortKey) =>
    sort.key === key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <table className="w-full text-left text-sm">
      <thead className="border-b border-stone-200 text-stone-700">
        <tr>
          <th scope="col" className="py-2 font-medium">
            {t('list.name')}
          </th>
          {SORTABLE.map((column) => (
            <th key={column} scope="col" className="py-2" aria-sort={ariaSort(column)}>
              <SortButton sort={sort} column={column} onSort={onSort} />
            </th>
          ))}
          <th scope="col" className="py-2 font-medium">
            {t('list.status')}
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            <span className="sr-only">{t('list.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody data-testid="commodity-table">
        {rows.map((c) => (
          <tr
            key={c.id}
            className="border-b border-stone-100"
            data-testid="commodity-row"
            data-price={c.price}
            data-quantity={c.quantity}
            data-grade={c.grade}
          >
            <td className="py-2 font-medium text-stone-900">
              <div className="flex items-start gap-2">
                <PhotoGallery photos={c.photos} title={c.name} />
                <div>
                  {c.name}
                  <span className="block text-xs font-normal text-stone-600">
                    <Seller c={c} />
                  </span>
                  <StockLine c={c} />
                  <RatingBadge rating={c.sellerRating} />
                </div>
              </div>
            </td>
            <td className="py-2">{t('tons', { value: tons(c.quantity, i18n.language) })}</td>
            <td className="py-2">{price(c.price, i18n.language)}</td>
            <td className="py-2">{t('grade', { grade: c.grade })}</td>
            <td className="py-2">
              <StatusBadge status={c.status} />
            </td>
            <td className="py-2 text-right">
              <RowActions c={c} actions={actions} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CommodityCard({ c, actions }: { c: TCommodity; actions: ListingActions }) {
  const { t, i18n } = useTranslation('marketplace');
  const figures = [
    ['quantity', t('tons', { value: tons(c.quantity, i18n.language) })],
    ['price', price(c.price, i18n.language)],
    ['grade', t('grade', { grade: c.grade })],
  ] as const;
  return (
    <li className="rounded-md border border-stone-200 p-3" data-testid="commodity-row">
      <div className="flex items-start gap-3">
        <PhotoGallery photos={c.photos} title={c.name} />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <span className="font-medium text-stone-900">{c.name}</span>
            <StatusBadge status={c.status} />
          </div>
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-stone-600">
            <span>
              <Seller c={c} />
            </span>
            <RatingBadge rating={c.sellerRating} />
          </p>
        </div>
      </div>
      <StockLine c={c} />
      <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
        {figures.map(([column, value]) => (
          <div key={column}>
            <dt className="text-stone-600">{t(`list.${column}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 flex justify-end">
        <RowActions c={c} actions={actions} />
      </div>
    </li>
  );
}

export function CommodityCards({ rows, sort, onSort, actions }: RowsProps) {
  const { t } = useTranslation('marketplace');
  return (
    <>
      <div className="mb-3 flex flex-wrap gap-3 text-sm text-stone-700">
        <span>{t('list.sort')}</span>
        {SORTABLE.map((column) => (
          <SortButton key={column} sort={sort} column={column} onSort={onSort} />
        ))}
      </div>
      <ul className="flex flex-col gap-3" data-testid="commodity-cards">
        {rows.map((c) => (
          <CommodityCard key={c.id} c={c} actions={actions} />
        ))}
      </ul>
    </>
  );
}
