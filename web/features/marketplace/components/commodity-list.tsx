// The commodity list: grade filter, sorting by quantity, price and grade, cards on phones and a table from md.
// Only the layout on screen is rendered, and the first rows with a 'show more' (the API page holds up to 200).
// Buyers bid; the owner of a listing (or their agent) edits or withdraws it.
import { ArrowDown, ArrowUp } from 'lucide-react';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { buildKindIndex, resolveKind } from '../../../../contract/commodity-kinds';
import type { TCommodity } from '../../../../contract/marketplace';
import { RatingBadge } from '../../../components/ratings/rating-badge';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Select } from '../../../components/ui/input';
import { useCommodityKinds } from '../../../lib/queries/commodity-kinds';
import { MD_UP, useMediaQuery } from '../../../lib/use-media-query';
import { price, tons } from '../format';
import {
  DEFAULT_SORT,
  gradesOf,
  nextSort,
  type SortKey,
  searchFilterOf,
  sortAndFilter,
} from '../sort-commodities';

export const LISTINGS_ID = 'listings';

/** Rows rendered at first, and added by each 'show more'. */
export const LIST_PAGE = 50;

interface Props {
  items: TCommodity[];
  userId: number;
  isBuyer: boolean;
  /** Whose listings the user may edit and withdraw: their own, and an agent's farmers'. */
  managed: ReadonlySet<number>;
  onBid: (commodity: TCommodity) => void;
  onEdit: (commodity: TCommodity) => void;
  onWithdraw: (commodity: TCommodity) => void;
}

export const CommodityList = memo(function CommodityList({
  items,
  userId,
  isBuyer,
  managed,
  onBid,
  onEdit,
  onWithdraw,
}: Props) {
  const { t, i18n } = useTranslation('marketplace');
  const language = i18n.language;
  const [sort, setSort] = useState(DEFAULT_SORT);
  // A saved search's link (`?q=&grade=&maxPrice=`) opens the list filtered as saved.
  const address = useSearch();
  const search = useMemo(() => searchFilterOf(address), [address]);
  const [grade, setGrade] = useState(search.grade ?? 'all');
  const grades = useMemo(() => gradesOf(items), [items]);
  const kinds = useCommodityKinds(language);
  const kindOf = useMemo(() => {
    const index = buildKindIndex(kinds.data ?? []);
    return (name: string) => resolveKind(index, name);
  }, [kinds.data]);
  const sorted = useMemo(
    () => sortAndFilter(items, sort, grade, search, kindOf),
    [items, sort, grade, search, kindOf],
  );
  const [, navigate] = useLocation();
  const [shown, setShown] = useState(LIST_PAGE);
  const rows = sorted.slice(0, shown);
  const wide = useMediaQuery(MD_UP);
  const canBid = (c: TCommodity) => isBuyer && c.userId !== userId && c.status === 'available';

  const header = (key: SortKey, label: string) => {
    const active = sort.key === key;
    return (
      <button
        type="button"
        className="inline-flex items-center gap-1 font-medium hover:text-brand-800"
        onClick={() => setSort(nextSort(sort, key))}
        aria-label={t('list.sortBy', { column: label })}
      >
        {label}
        {active ? (
          sort.direction === 'asc' ? (
            <ArrowUp aria-hidden className="h-3.5 w-3.5" />
          ) : (
            <ArrowDown aria-hidden className="h-3.5 w-3.5" />
          )
        ) : null}
      </button>
    );
  };
  const ariaSort = (key: SortKey) =>
    sort.key === key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';

  const actions = (c: TCommodity) =>
    managed.has(c.userId) ? (
      c.status === 'available' ? (
        <div className="flex justify-end gap-2">
          <Button
            size="sm"
            variant="secondary"
            aria-label={t('list.editNamed', { commodity: c.name })}
            onClick={() => onEdit(c)}
          >
            {t('list.edit')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('list.withdrawNamed', { commodity: c.name })}
            onClick={() => onWithdraw(c)}
          >
            {t('list.withdraw')}
          </Button>
        </div>
      ) : null
    ) : (
      <Button size="sm" variant="secondary" disabled={!canBid(c)} onClick={() => onBid(c)}>
        {t('list.placeBid')}
      </Button>
    );

  return (
    <Card id={LISTINGS_ID} tabIndex={-1} className="mb-6 scroll-mt-4 focus:outline-none">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('list.title')}</CardTitle>
        <div className="flex items-center gap-2 text-sm text-stone-700">
          <label htmlFor="grade-filter">{t('list.gradeFilter')}</label>
          <Select
            id="grade-filter"
            className="w-36"
            value={grade}
            onChange={(event) => setGrade(event.target.value)}
          >
            <option value="all">{t('list.allGrades')}</option>
            {grades.map((g) => (
              <option key={g} value={g}>
                {t('grade', { grade: g })}
              </option>
            ))}
          </Select>
        </div>
      </CardHeader>
      <CardContent>
        {search.query !== undefined || search.maxPrice !== undefined ? (
          <p
            className="mb-3 flex flex-wrap items-center gap-2 text-sm text-stone-700"
            data-testid="search-filter"
          >
            {t('list.filteredBy', {
              query: search.query ?? t('list.anyName'),
              price: search.maxPrice === undefined ? t('list.anyPrice') : price(search.maxPrice, language),
            })}
            <Button size="sm" variant="ghost" onClick={() => navigate('/marketplace')}>
              {t('list.clearFilter')}
            </Button>
          </p>
        ) : null}
        {rows.length === 0 ? (
          <p className="py-8 text-center text-sm text-stone-600">{t('list.empty')}</p>
        ) : (
          <>
            {wide ? (
              <table className="w-full text-left text-sm">
                <thead className="border-b border-stone-200 text-stone-700">
                  <tr>
                    <th scope="col" className="py-2 font-medium">
                      {t('list.name')}
                    </th>
                    <th scope="col" className="py-2" aria-sort={ariaSort('quantity')}>
                      {header('quantity', t('list.quantity'))}
                    </th>
                    <th scope="col" className="py-2" aria-sort={ariaSort('price')}>
                      {header('price', t('list.price'))}
                    </th>
                    <th scope="col" className="py-2" aria-sort={ariaSort('grade')}>
                      {header('grade', t('list.grade'))}
                    </th>
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
                        {c.name}
                        <span className="block text-xs font-normal text-stone-600">
                          {c.sellerUsername}
                          {c.listedBy ? ` · ${t('list.via', { agent: c.listedBy })}` : null}
                        </span>
                        <RatingBadge rating={c.sellerRating} />
                      </td>
                      <td className="py-2">{t('tons', { value: tons(c.quantity, language) })}</td>
                      <td className="py-2">{price(c.price, language)}</td>
                      <td className="py-2">{t('grade', { grade: c.grade })}</td>
                      <td className="py-2">
                        <StatusBadge status={c.status} />
                      </td>
                      <td className="py-2 text-right">{actions(c)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <>
                <div className="mb-3 flex flex-wrap gap-3 text-sm text-stone-700">
                  <span>{t('list.sort')}</span>
                  {header('quantity', t('list.quantity'))}
                  {header('price', t('list.price'))}
                  {header('grade', t('list.grade'))}
                </div>
                <ul className="flex flex-col gap-3" data-testid="commodity-cards">
                  {rows.map((c) => (
                    <li
                      key={c.id}
                      className="rounded-md border border-stone-200 p-3"
                      data-testid="commodity-row"
                    >
                      <div className="flex items-start justify-between gap-2">
                        <span className="font-medium text-stone-900">{c.name}</span>
                        <StatusBadge status={c.status} />
                      </div>
                      <p className="flex flex-wrap items-center gap-x-2 text-xs text-stone-600">
                        <span>
                          {c.sellerUsername}
                          {c.listedBy ? ` · ${t('list.via', { agent: c.listedBy })}` : null}
                        </span>
                        <RatingBadge rating={c.sellerRating} />
                      </p>
                      <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
                        <div>
                          <dt className="text-stone-600">{t('list.quantity')}</dt>
                          <dd>{t('tons', { value: tons(c.quantity, language) })}</dd>
                        </div>
                        <div>
                          <dt className="text-stone-600">{t('list.price')}</dt>
                          <dd>{price(c.price, language)}</dd>
                        </div>
                        <div>
                          <dt className="text-stone-600">{t('list.grade')}</dt>
                          <dd>{t('grade', { grade: c.grade })}</dd>
                        </div>
                      </dl>
                      <div className="mt-3 flex justify-end">{actions(c)}</div>
                    </li>
                  ))}
                </ul>
              </>
            )}
            {sorted.length > shown ? (
              <div className="mt-4 flex justify-center">
                <Button variant="secondary" onClick={() => setShown(shown + LIST_PAGE)}>
                  {t('list.showMore', { count: Math.min(LIST_PAGE, sorted.length - shown) })}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
});

function StatusBadge({ status }: { status: TCommodity['status'] }) {
  const { t } = useTranslation('marketplace');
  return <Badge variant={status === 'available' ? 'default' : 'secondary'}>{t(`status.${status}`)}</Badge>;
}
