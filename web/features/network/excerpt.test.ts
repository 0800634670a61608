import { describe, expect, it } from 'vitest';
import { excerpt } from './excerpt';

describe('excerpt', () => {
  it('keeps a short text on one line', () => {
    expect(excerpt('  Rain\n\ntomorrow  ')).toBe('Rain tomorrow');
  });

  it('cuts a long text to 40 characters, ellipsis included', () => {
    const cut = excerpt('é'.repeat(60));
    expect(Array.from(cut)).toHaveLength(40);
    expect(cut.endsWith('…')).toBe(true);
  });
});
