// Tests of the root-zone water balance against FAO-56 Examples 36, 37 and 39 and its percolation and rain rules.
import { describe, expect, it } from 'vitest';
import { near } from './test-fixtures';
import {
  adjustedDepletionFraction,
  countedRain,
  depletionFromSoilMoisture,
  runWaterBalance,
  totalAvailableWater,
  waterStressCoefficient,
} from './water-balance';

describe('available water', () => {
  it('FAO-56 Example 36, p.166: TAW and RAW for onion, tomato and maize on three soils', () => {
    const soils = [
      [0.15, 0.06],
      [0.32, 0.15],
      [0.35, 0.23],
    ] as const;
    const crops = [
      { zr: 0.4, p: 0.3, taw: [36, 68, 48], raw: [11, 20, 14] },
      { zr: 0.8, p: 0.4, taw: [72, 136, 96], raw: [29, 54, 38] },
      { zr: 1.2, p: 0.55, taw: [108, 204, 144], raw: [59, 112, 79] },
    ];
    for (const crop of crops) {
      soils.forEach(([fc, wp], i) => {
        const taw = totalAvailableWater(fc, wp, crop.zr);
        near(taw, crop.taw[i] ?? 0, 1e-9);
        // Printed RAW values are rounded to whole millimetres.
        near(crop.p * taw, crop.raw[i] ?? 0, 0.5);
      });
    }
  });

  it('adjusts p for ETc within 0.1–0.8 (Table 22 fn 2)', () => {
    near(adjustedDepletionFraction(0.5, 5), 0.5, 1e-12);
    near(adjustedDepletionFraction(0.5, 3), 0.58, 1e-12);
    expect(adjustedDepletionFraction(0.65, -10)).toBe(0.8);
    expect(adjustedDepletionFraction(0.2, 20)).toBe(0.1);
  });

  it('FAO-56 Example 39, p.182: beans TAW 110, RAW 44 mm, Ks without salinity by depletion (±0.005)', () => {
    const table: [number, number][] = [
      [0, 1],
      [35, 1],
      [44, 1],
      [50, 0.91],
      [60, 0.76],
      [70, 0.61],
      [80, 0.45],
      [90, 0.3],
      [100, 0.15],
      [110, 0],
    ];
    for (const [dr, ks] of table) {
      near(waterStressCoefficient(dr, 110, 44), ks, 0.005);
    }
  });

  it('FAO-56 eq. 87: depletion from measured soil moisture, within 0–TAW', () => {
    near(depletionFromSoilMoisture(0.32, 22, 0.8, 160), 80, 1e-9);
    expect(depletionFromSoilMoisture(0.32, 40, 0.8, 160)).toBe(0);
    expect(depletionFromSoilMoisture(0.32, 0, 0.8, 160)).toBe(160);
  });
});

describe('daily balance, FAO-56 eq. 85', () => {
  it('FAO-56 Example 37, p.168: tomato, 10 days without water from Dr = 55 mm (Ks ±0.005, ETc ±0.05, Dr ±0.1)', () => {
    const taw = totalAvailableWater(0.32, 0.12, 0.8);
    expect(taw).toBeCloseTo(160, 9);
    const days = Array.from({ length: 10 }, () => ({
      et0: 5,
      kc: 1.2,
      rain: 0,
      irrigation: 0,
      measuredDepletion: null,
    }));
    const steps = runWaterBalance(days, { taw, pTable: 0.4, adjustP: false, initialDepletion: 55 });
    const printed: [number, number, number, number][] = [
      [55.0, 1.0, 6.0, 61.0],
      [61.0, 1.0, 6.0, 67.0],
      [67.0, 0.97, 5.8, 72.8],
      [72.8, 0.91, 5.4, 78.3],
      [78.3, 0.85, 5.1, 83.4],
      [83.4, 0.8, 4.8, 88.2],
      [88.2, 0.75, 4.5, 92.6],
      [92.6, 0.7, 4.2, 96.9],
      [96.9, 0.66, 3.9, 100.8],
      [100.8, 0.62, 3.7, 104.5],
    ];
    near(steps[0]?.raw ?? 0, 64, 1e-9);
    printed.forEach(([start, ks, etc, end], i) => {
      const step = steps[i];
      near(step?.depletionStart ?? Number.NaN, start, 0.1);
      near(step?.ks ?? Number.NaN, ks, 0.005);
      near(step?.etcAdj ?? Number.NaN, etc, 0.05);
      near(step?.depletionEnd ?? Number.NaN, end, 0.1);
    });
  });

  it('FAO-56 eq. 88: water beyond field capacity percolates, and rain is kept before irrigation', () => {
    const [step] = runWaterBalance([{ et0: 5, kc: 1, rain: 30, irrigation: 20, measuredDepletion: null }], {
      taw: 100,
      pTable: 0.5,
      adjustP: false,
      initialDepletion: 10,
    });
    // Room = 10 mm depleted + 5 mm used today: 15 mm of the rain is kept; 15 mm of rain and all irrigation drain.
    expect(step).toMatchObject({ effectiveRain: 15, deepPercolation: 35, depletionEnd: 0 });
  });

  it('FAO-56 p.170: rain below 0.2 ET0 is ignored; a measured depletion replaces the modelled one', () => {
    expect(countedRain(0.9, 5)).toBe(0);
    expect(countedRain(1, 5)).toBe(1);
    const steps = runWaterBalance(
      [
        { et0: 5, kc: 1, rain: 0.5, irrigation: 0, measuredDepletion: null },
        { et0: 5, kc: 1, rain: 0, irrigation: 0, measuredDepletion: 40 },
      ],
      { taw: 100, pTable: 0.5, adjustP: false, initialDepletion: 0 },
    );
    expect(steps[0]).toMatchObject({ effectiveRain: 0, depletionEnd: 5 });
    expect(steps[1]).toMatchObject({ depletionStart: 40, depletionEnd: 45 });
  });
});
