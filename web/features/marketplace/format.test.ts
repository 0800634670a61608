// A change in percent goes up, down or nowhere, as the card shows it.
import { describe, expect, it } from 'vitest';
import { changeDirection, percent } from './format';

describe('changeDirection', () => {
  it('calls a 0 % change flat, neither up nor down', () => {
    expect(changeDirection(0)).toBe('flat');
    expect(changeDirection(-0)).toBe('flat');
  });

  it('follows the figure shown: one that rounds to 0,00 % is flat', () => {
    expect(percent(0.004, 'fr')).toBe('0,00');
    expect(changeDirection(0.004)).toBe('flat');
    expect(percent(-0.004, 'en')).toBe('0.00');
    expect(changeDirection(-0.004)).toBe('flat');
  });

  it('is up or down once the figure shown moves', () => {
    expect(changeDirection(0.005)).toBe('up');
    expect(changeDirection(2.5)).toBe('up');
    expect(changeDirection(-0.006)).toBe('down');
  });
});
