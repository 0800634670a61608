import { describe, expect, it } from 'vitest';
import type { TCommodity } from '../../../contract/marketplace';
import { DEFAULT_SORT, gradesOf, nextSort, searchFilterOf, sortAndFilter } from './sort-commodities';

const item = (id: number, price: number, quantity: number, grade: 'A' | 'B' | 'C'): TCommodity => ({
  id,
  name: `c${id}`,
  price,
  quantity,
  listedQuantity: quantity,
  grade,
  status: 'available',
  userId: 1,
  sellerUsername: 'amina',
  farmId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const items = [item(1, 300, 5, 'B'), item(2, 100, 9, 'A'), item(3, 200, 1, 'C'), item(4, 150, 3, 'A')];

describe('commodity sorting', () => {
  it('defaults to price ascending', () => {
    expect(DEFAULT_SORT).toEqual({ key: 'price', direction: 'asc' });
    expect(sortAndFilter(items, DEFAULT_SORT, 'all').map((c) => c.id)).toEqual([2, 4, 3, 1]);
  });

  it('toggles the same column and starts a new column ascending', () => {
    const desc = nextSort(DEFAULT_SORT, 'price');
    expect(desc).toEqual({ key: 'price', direction: 'desc' });
    expect(sortAndFilter(items, desc, 'all').map((c) => c.id)).toEqual([1, 3, 4, 2]);
    const quantity = nextSort(desc, 'quantity');
    expect(quantity).toEqual({ key: 'quantity', direction: 'asc' });
    expect(sortAndFilter(items, quantity, 'all').map((c) => c.id)).toEqual([3, 4, 1, 2]);
    expect(nextSort(nextSort(quantity, 'quantity'), 'quantity')).toEqual(quantity);
    expect(sortAndFilter(items, nextSort(quantity, 'grade'), 'all').map((c) => c.grade)).toEqual([
      'A',
      'A',
      'B',
      'C',
    ]);
  });

  it('filters by grade and lists the distinct grades', () => {
    expect(gradesOf(items)).toEqual(['A', 'B', 'C']);
    expect(sortAndFilter(items, DEFAULT_SORT, 'A').map((c) => c.id)).toEqual([2, 4]);
  });
});

describe('a saved search from the address', () => {
  it('reads text, grade and maximum price, leaving out what is malformed', () => {
    expect(searchFilterOf('?q=%20Maize%20&grade=B&maxPrice=250.5')).toEqual({
      query: 'Maize',
      grade: 'B',
      maxPrice: 250.5,
      availableOnly: true,
    });
    expect(searchFilterOf('?kind=maize')).toEqual({ kind: 'maize', availableOnly: true });
    expect(searchFilterOf('?grade=Z&maxPrice=abc&q=')).toEqual({});
    expect(searchFilterOf('')).toEqual({});
  });

  it('keeps the listings whose name contains the text in any case, under the maximum price', () => {
    const named = [
      { ...item(1, 300, 5, 'B'), name: 'White Maize' },
      { ...item(2, 100, 9, 'A'), name: 'maize' },
      item(3, 90, 1, 'A'),
    ];
    expect(sortAndFilter(named, DEFAULT_SORT, 'all', { query: 'MAIZE' }).map((c) => c.id)).toEqual([2, 1]);
    expect(
      sortAndFilter(named, DEFAULT_SORT, 'all', { query: 'maize', maxPrice: 100 }).map((c) => c.id),
    ).toEqual([2]);
  });

  it('leaves sold and reserved listings out of a saved search’s results, and finds a kind under any name', () => {
    const listed = [
      { ...item(1, 300, 5, 'B'), name: 'Maïs' },
      { ...item(2, 100, 9, 'A'), name: 'Maïs', status: 'sold' as const },
      { ...item(3, 90, 1, 'A'), name: 'Maïs', status: 'reserved' as const },
      { ...item(4, 90, 1, 'A'), name: 'Manioc' },
    ];
    const kindOf = (name: string) => ({ Maïs: 'maize', Manioc: 'cassava' })[name] ?? null;
    expect(
      sortAndFilter(listed, DEFAULT_SORT, 'all', searchFilterOf('?kind=maize'), kindOf).map((c) => c.id),
    ).toEqual([1]);
    expect(
      sortAndFilter(listed, DEFAULT_SORT, 'all', searchFilterOf('?q=ma'), kindOf).map((c) => c.id),
    ).toEqual([4, 1]);
    // The plain marketplace (no saved search) still shows them all.
    expect(sortAndFilter(listed, DEFAULT_SORT, 'all', searchFilterOf(''), kindOf)).toHaveLength(4);
  });
});
