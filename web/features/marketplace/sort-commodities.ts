// Sorting and grade filtering of the commodity list (spec: same column toggles, a new column starts ascending).
import type { TCommodity } from '../../../contract/marketplace';

export type SortKey = 'quantity' | 'price' | 'grade';
export interface SortState {
  key: SortKey;
  direction: 'asc' | 'desc';
}

export const DEFAULT_SORT: SortState = { key: 'price', direction: 'asc' };

export function nextSort(current: SortState, key: SortKey): SortState {
  if (current.key === key) {
    return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { key, direction: 'asc' };
}

/** Distinct grades present in the list, in order. */
export function gradesOf(items: readonly TCommodity[]): string[] {
  return [...new Set(items.map((item) => item.grade))].sort();
}

/** A saved search's filters, read from the address (`?kind=&q=&grade=&maxPrice=`). */
export interface SearchFilter {
  /** A catalogue kind's key: listings of that kind, whatever name they were typed with. */
  kind?: string | undefined;
  /** Text the name contains, in any case. */
  query?: string | undefined;
  /** Highest price per ton. */
  maxPrice?: number | undefined;
  /** A saved search's results: what one can still buy (sold and reserved listings left out). */
  availableOnly?: boolean | undefined;
}

/** The filters of a marketplace address; unknown or malformed values are left out. */
export function searchFilterOf(search: string): SearchFilter & { grade?: string } {
  const params = new URLSearchParams(search);
  const query = params.get('q')?.trim();
  const kind = params.get('kind')?.trim();
  const maxPrice = Number(params.get('maxPrice'));
  const grade = params.get('grade');
  const filter = {
    ...(kind ? { kind } : {}),
    ...(query ? { query } : {}),
    ...(params.has('maxPrice') && Number.isFinite(maxPrice) && maxPrice > 0 ? { maxPrice } : {}),
    ...(grade === 'A' || grade === 'B' || grade === 'C' ? { grade } : {}),
  };
  // A saved search's results are what one can still buy.
  return Object.keys(filter).length > 0 ? { ...filter, availableOnly: true } : filter;
}

export function sortAndFilter(
  items: readonly TCommodity[],
  sort: SortState,
  grade: string,
  search: SearchFilter = {},
  /** The catalogue kind a listing's name belongs to (for `search.kind`). */
  kindOf: (name: string) => string | null = () => null,
): TCommodity[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const text = search.query?.toLowerCase();
  return items
    .filter((item) => !search.availableOnly || item.status === 'available')
    .filter((item) => search.kind === undefined || kindOf(item.name) === search.kind)
    .filter((item) => grade === 'all' || item.grade === grade)
    .filter((item) => text === undefined || item.name.toLowerCase().includes(text))
    .filter((item) => search.maxPrice === undefined || item.price <= search.maxPrice)
    .sort((a, b) => {
      const diff =
        sort.key === 'grade'
          ? a.grade.localeCompare(b.grade)
          : (a[sort.key] as number) - (b[sort.key] as number);
      // Ties keep a stable, predictable order (newest listing first).
      return sign * diff || b.id - a.id;
    });
}
