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

/** A saved search's filters, read from the address (`?q=&grade=&maxPrice=`). */
export interface SearchFilter {
  /** Text the name contains, in any case. */
  query?: string | undefined;
  /** Highest price per ton. */
  maxPrice?: number | undefined;
}

/** The filters of a marketplace address; unknown or malformed values are left out. */
export function searchFilterOf(search: string): SearchFilter & { grade?: string } {
  const params = new URLSearchParams(search);
  const query = params.get('q')?.trim();
  const maxPrice = Number(params.get('maxPrice'));
  const grade = params.get('grade');
  return {
    ...(query ? { query } : {}),
    ...(params.has('maxPrice') && Number.isFinite(maxPrice) && maxPrice > 0 ? { maxPrice } : {}),
    ...(grade === 'A' || grade === 'B' || grade === 'C' ? { grade } : {}),
  };
}

export function sortAndFilter(
  items: readonly TCommodity[],
  sort: SortState,
  grade: string,
  search: SearchFilter = {},
): TCommodity[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const text = search.query?.toLowerCase();
  return items
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
