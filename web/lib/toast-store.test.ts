import { describe, expect, it } from 'vitest';
import { reduceToasts, type ToastItem } from './toast-store';

const item = (id: string): ToastItem => ({ id, title: id, variant: 'default', open: true });

describe('toast state', () => {
  it('keeps one toast: a new one replaces the earlier', () => {
    const one = reduceToasts([], { type: 'add', toast: item('a') });
    const two = reduceToasts(one, { type: 'add', toast: item('b') });
    expect(two.map((t) => t.id)).toEqual(['b']);
  });

  it('updates, dismisses and removes by id', () => {
    let s = reduceToasts([], { type: 'add', toast: item('a') });
    s = reduceToasts(s, { type: 'update', toast: { id: 'a', title: 'changed' } });
    expect(s[0]?.title).toBe('changed');
    s = reduceToasts(s, { type: 'dismiss', id: 'a' });
    expect(s[0]?.open).toBe(false);
    s = reduceToasts(s, { type: 'remove', id: 'a' });
    expect(s).toEqual([]);
  });
});
