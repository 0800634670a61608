import { describe, expect, it } from 'vitest';
import { paginate } from './pagination';

describe('paginate', () => {
  const rows = [{ id: 1 }, { id: 2 }, { id: 3 }];

  it('keeps a short read whole, with no next page', () => {
    expect(paginate(rows, 3, (r) => r.id)).toEqual({ items: rows, next: null });
    expect(paginate([], 2, (r: { id: number }) => r.id)).toEqual({ items: [], next: null });
  });

  it('drops the extra row and names the last kept row as the next cursor', () => {
    expect(paginate(rows, 2, (r) => `${r.id}.x`)).toEqual({ items: rows.slice(0, 2), next: '2.x' });
    expect(paginate(rows, 1, (r) => r.id)).toEqual({ items: rows.slice(0, 1), next: '1' });
  });
});
