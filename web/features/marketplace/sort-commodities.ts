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

export function sortAndFilter(items: readonly TCommodity[], sort: SortState, grade: string): TCommodity[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return items
    .filter((item) => grade === 'all' || item.grade === grade)
    .sort((a, b) => {
      const diff =
        sort.key === 'grade'
          ? a.grade.localeCompare(b.grade)
          : (a[sort.key] as number) - (b[sort.key] as number);
      // Ties keep a stable, predictable order (newest listing first).
      return sign * diff || b.id - a.id;
    });
}
