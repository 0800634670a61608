// A page's rows come bare (older lists) or under `data` (newer ones): both read the same.
import { describe, expect, it } from 'vitest';
import { pageRows } from './api-page';

describe('pageRows', () => {
  it('reads a bare array and a { data } envelope alike', () => {
    expect(pageRows<number>([1, 2])).toEqual([1, 2]);
    expect(pageRows<number>({ data: [3] })).toEqual([3]);
  });

  it('reads anything else as no rows', () => {
    expect(pageRows(null)).toEqual([]);
    expect(pageRows({ data: 'x' })).toEqual([]);
  });
});
