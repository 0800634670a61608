// A delivery weighed in kilograms or counted in bags reaches the API as tons, to the kilogram.
import { describe, expect, it } from 'vitest';
import { bagsToKg, bagsToTons, parseBags, parseKg, parseKgPerBag } from './quantity';

describe('co-operative quantities', () => {
  it('turns bags of a known weight into tons', () => {
    expect(bagsToTons(6, 50)).toBe(0.3);
    expect(bagsToTons(12, 62.5)).toBe(0.75);
    expect(bagsToTons(3, 100)).toBe(0.3);
  });

  it('rounds a bag weight with decimals to the whole kilogram, half up', () => {
    // 3 × 62.5 = 187.5 kg: storage holds whole kilograms.
    expect(bagsToKg(3, 62.5)).toBe(188);
    expect(bagsToTons(3, 62.5)).toBe(0.188);
    expect(bagsToKg(1, 0.4)).toBeNull();
  });

  it('reads kilograms off the scale, whole only', () => {
    expect(parseKg('300')).toBe(300);
    expect(parseKg(' 1 250 ')).toBe(1250);
    expect(parseKg('62,5')).toBeNull();
    expect(parseKg('0')).toBeNull();
    expect(parseKg('-3')).toBeNull();
    expect(parseKg('')).toBeNull();
  });

  it('reads a bag weight with a comma, within bounds', () => {
    expect(parseKgPerBag('62,5')).toBe(62.5);
    expect(parseKgPerBag('50')).toBe(50);
    expect(parseKgPerBag('0')).toBeNull();
    expect(parseKgPerBag('251')).toBeNull();
    expect(parseKgPerBag('sac')).toBeNull();
  });

  it('counts whole bags only', () => {
    expect(parseBags('6')).toBe(6);
    expect(parseBags('2,5')).toBeNull();
    expect(parseBags('0')).toBeNull();
    expect(parseBags('')).toBeNull();
  });
});
