// The commodity list: grade filter, sorting by quantity, price and grade, cards on phones and a table from md.
// Only the layout on screen is rendered, and the first rows with a 'show more' (the API page holds up to 200).
// Buyers bid; the owner of a listing (or their agent) edits or withdraws it.
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { buildKindIndex, resolveKind } from '../../../../contract/commodity-kind-index';
import type { TCommodity } from '../../../../contract/marketplace';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Select } from '../../../components/ui/input';
import { useCommodityKinds } from '../../../lib/queries/commodity-kinds';
import { MD_UP, useMediaQuery } from '../../../lib/use-media-query';
import { price } from '../format';
import {
  DEFAULT_SORT,
  gradesOf,
  nextSort,
  type SearchFilter,
  type SortKey,
  searchFilterOf,
  sortAndFilter,
} from '../sort-commodities';
import { CommodityCards, CommodityTable, type ListingActions } from './commodity-rows';

export const LISTINGS_ID = 'listings';

/** Rows rendered at first, and added by each 'show more'. */
export const LIST_PAGE = 50;

interface Props extends Omit<ListingActions, 'canBid'> {
  items: TCommodity[];
  userId: number;
  isBuyer: boolean;
}

/** The listings sorted and filtered: by the column chosen, the grade chosen and a saved search's address. */
function useShownListings(items: TCommodity[]) {
  const { i18n } = useTranslation('marketplace');
  const [sort, setSort] = useState(DEFAULT_SORT);
  // A saved search's link (`?q=&grade=&maxPrice=`) opens the list filtered as saved.
  const address = useSearch();
  const search = useMemo(() => searchFilterOf(address), [address]);
  const [grade, setGrade] = useState(search.grade ?? 'all');
  const kinds = useCommodityKinds(i18n.language);
  const kindOf = useMemo(() => {
    const index = buildKindIndex(kinds.data ?? []);
    return (name: string) => resolveKind(index, name);
  }, [kinds.data]);
  const sorted = useMemo(
    () => sortAndFilter(items, sort, grade, search, kindOf),
    [items, sort, grade, search, kindOf],
  );
  return { sort, setSort, search, grade, setGrade, sorted };
}

function GradeFilter({
  items,
  grade,
  onGrade,
}: {
  items: TCommodity[];
  grade: string;
  onGrade: (g: string) => void;
}) {
  const { t } = useTranslation('marketplace');
  const grades = useMemo(() => gradesOf(items), [items]);
  return (
    <div className="flex items-center gap-2 text-sm text-stone-700">
      <label htmlFor="grade-filter">{t('list.gradeFilter')}</label>
      <Select
        id="grade-filter"
        className="w-36"
        value={grade}
        onChange={(event) => onGrade(event.target.value)}
      >
        <option value="all">{t('list.allGrades')}</option>
        {grades.map((g) => (
          <option key={g} value={g}>
            {t('grade', { grade: g })}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** A saved search's name and price filters, said in words, with the way back to the whole list. */
function SearchFilterNote({ search }: { search: SearchFilter }) {
  const { t, i18n } = useTranslation('marketplace');
  const [, navigate] = useLocation();
  if (search.query === undefined && search.maxPrice === undefined) {
    return null;
  }
  return (
    <p className="mb-3 flex flex-wrap items-center gap-2 text-sm text-stone-700" data-testid="search-filter">
      {t('list.filteredBy', {
        query: search.query ?? t('list.anyName'),
        price: search.maxPrice === undefined ? t('list.anyPrice') : price(search.maxPrice, i18n.language),
      })}
      <Button size="sm" variant="ghost" onClick={() => navigate('/marketplace')}>
        {t('list.clearFilter')}
      </Button>
    </p>
  );
}

export const CommodityList = memo(function CommodityList({ items, userId, isBuyer, ...handlers }: Props) {
  const { t } = useTranslation('marketplace');
  const { sort, setSort, search, grade, setGrade, sorted } = useShownListings(items);
  const [shown, setShown] = useState(LIST_PAGE);
  const rows = sorted.slice(0, shown);
  const wide = useMediaQuery(MD_UP);
  const actions: ListingActions = {
    ...handlers,
    canBid: (c) => isBuyer && c.userId !== userId && c.status === 'available',
  };
  const rowsProps = { rows, sort, onSort: (key: SortKey) => setSort(nextSort(sort, key)), actions };
  return (
    <Card id={LISTINGS_ID} tabIndex={-1} className="mb-6 scroll-mt-4 focus:outline-none">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('list.title')}</CardTitle>
        <GradeFilter items={items} grade={grade} onGrade={setGrade} />
      </CardHeader>
      <CardContent>
        <SearchFilterNote search={search} />
        {rows.length === 0 ? (
          <p className="py-8 text-center text-sm text-stone-600">{t('list.empty')}</p>
        ) : (
          <>
            {wide ? <CommodityTable {...rowsProps} /> : <CommodityCards {...rowsProps} />}
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
