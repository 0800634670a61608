// Tests of the late-blight period rules (Smith, Hutton) and TOMCAST values, on the constructed cases of docs/agronomy-references.md §5.4.
import { describe, expect, it } from 'vitest';
import { blightPeriod, isHuttonDay, isSmithDay, tomcastDsv, tomcastRiskClass } from './disease-periods';

describe('late blight periods', () => {
  it('D1: Tmin 10.5/11.0 °C with 7 h and 6 h of RH ≥ 90 % is a Hutton period, not a full Smith period', () => {
    const first = { tmin: 10.5, humidHours: 7 };
    const second = { tmin: 11, humidHours: 6 };
    expect(isHuttonDay(first) && isHuttonDay(second)).toBe(true);
    expect(isSmithDay(first) && isSmithDay(second)).toBe(false);
    expect(blightPeriod(first, second)).toBe('hutton');
  });

  it('D2: Tmin 12/10.0 °C with 11 h and 12 h humid is a full Smith period', () => {
    expect(blightPeriod({ tmin: 12, humidHours: 11 }, { tmin: 10, humidHours: 12 })).toBe('full_smith');
  });

  it('D3: second-day minimum 9.5 °C: no full Smith period, a half Smith period for day 1', () => {
    expect(blightPeriod({ tmin: 12, humidHours: 11 }, { tmin: 9.5, humidHours: 14 })).toBe('half_smith');
  });

  it('D4: Tmin ≥ 10 °C both days, 11 h then 10 h humid is a Blightwatch near miss', () => {
    expect(blightPeriod({ tmin: 11, humidHours: 11 }, { tmin: 10.2, humidHours: 10 })).toBe(
      'smith_near_miss',
    );
  });

  it('no period when nights are cool or dry', () => {
    expect(blightPeriod({ tmin: 8, humidHours: 20 }, { tmin: 9, humidHours: 20 })).toBeNull();
    expect(blightPeriod({ tmin: 15, humidHours: 3 }, { tmin: 15, humidHours: 5 })).toBeNull();
  });
});

describe('TOMCAST', () => {
  it('D10: 14 wet hours at a mean 22 °C give DSV 3 (UW-Madison Crop Risk Tool table)', () => {
    expect(tomcastDsv(14, 22)).toBe(3);
  });

  it('follows the table bands', () => {
    expect(tomcastDsv(24, 12)).toBe(0);
    expect(tomcastDsv(7, 15)).toBe(0);
    expect(tomcastDsv(8, 15)).toBe(1);
    expect(tomcastDsv(21, 15)).toBe(3);
    expect(tomcastDsv(23, 19)).toBe(4);
    expect(tomcastDsv(2, 23)).toBe(0);
    expect(tomcastDsv(21, 23)).toBe(4);
    expect(tomcastDsv(3, 27)).toBe(0);
    expect(tomcastDsv(16, 27)).toBe(3);
  });

  it('classes the 7-day sum at 5, 10, 15, 20', () => {
    expect([0, 4, 5, 10, 14, 15, 20, 40].map(tomcastRiskClass)).toEqual([0, 0, 1, 2, 2, 3, 4, 4]);
  });
});
