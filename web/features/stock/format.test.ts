// The stock screen's figures: signed tons, month names and the hint's parts in both languages, lots under stores.
import { describe, expect, it } from 'vitest';
import type { TLot, TStore } from '../../../contract/stock';
import { groupLots, hintParams, lotTotals, monthName, signedTons } from './format';

const store = (id: number, name: string): TStore => ({
  id,
  name,
  kind: 'home',
  location: null,
  farmId: null,
  owner: null,
  keepers: [],
  keeps: true,
  lots: 0,
  quantity: 0,
  value: 0,
  unpriced: 0,
});
const lot = (id: number, storeId: number, storeName: string) =>
  ({ id, store: { id: storeId, name: storeName, kind: 'coop', location: null } }) as TLot;

describe('stock format', () => {
  it('signs tons as a movement shows them', () => {
    expect(signedTons(1.2, 'en')).toBe('+1.2');
    expect(signedTons(-0.35, 'fr')).toBe('\u22120,35');
    expect(signedTons(0, 'en')).toBe('0');
  });

  it('names months in the reader’s language', () => {
    expect(monthName(11, 'en')).toBe('November');
    expect(monthName(3, 'fr')).toBe('mars');
  });

  it('gives the hint’s parts, or nothing without a hint', () => {
    expect(hintParams(null, 'en', 'Maize')).toBeNull();
    const hint = {
      crop: 'Maize',
      lowMonth: 11,
      highMonth: 3,
      risePercent: 18.4,
      years: 2,
      lossPercent: { from: 1, to: 1.5 },
      dryEnough: true,
      source: 'FAO',
    };
    expect(hintParams(hint, 'fr', 'maïs')).toEqual({
      crop: 'maïs',
      from: 'novembre',
      to: 'mars',
      rise: '18',
      count: 2,
      lossFrom: '1',
      lossTo: '1,5',
      falls: false,
    });
  });

  it('gathers lots under their stores, the listed ones first, empty ones kept', () => {
    const groups = groupLots(
      [store(1, 'Home'), store(2, 'Empty')],
      [lot(5, 3, 'Coop'), lot(6, 1, 'Home')],
      true,
    );
    expect(groups.map((g) => [g.store.id, g.lots.map((l) => l.id), g.listed !== null])).toEqual([
      [1, [6], true],
      [2, [], true],
      [3, [5], false],
    ]);
    expect(groupLots([store(2, 'Empty')], [], false)).toEqual([]);
  });

  it('totals a store from its lots where the stores list does not', () => {
    const held = (quantity: number, total: number | null) =>
      ({ quantity, value: total === null ? null : { price: 1, total, asOf: '2026-11-20' } }) as TLot;
    expect(lotTotals([held(0.1, 500), held(0.2, null), held(1.005, 1000)])).toEqual({
      lots: 3,
      quantity: 1.305,
      value: 1500,
      unpriced: 1,
    });
    expect(lotTotals([])).toEqual({ lots: 0, quantity: 0, value: 0, unpriced: 0 });
  });
});
