import { describe, expect, it } from 'vitest';
import { sparklinePoints } from './sparkline';

describe('sparklinePoints', () => {
  it('spreads the values across the width, highest at the top', () => {
    expect(sparklinePoints([1, 3, 2])).toBe('0,56 50,4 100,30');
  });

  it('draws a flat series through the middle', () => {
    expect(sparklinePoints([5, 5])).toBe('0,30 100,30');
  });
});
