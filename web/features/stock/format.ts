// The stock screen's figures in the reader's language: signed tons of a movement, money from minor units, the
// "sell now or store?" hint's parts, and lots gathered under their stores (totals from the stores list where the
// caller sees the store, else none: an agent sees a farmer's lots, not always the store's whole content).
import { centsToDecimal } from '../../../contract/money';
import type { TLot, TStorageHint, TStore } from '../../../contract/stock';
import { formatMoney, formatNumber, intlLocale } from '../../lib/format';

/** Tons with up to three decimals and their sign ('+1.2', '−0.35'); 0 (a regrade) without one. */
export function signedTons(value: number, language: string): string {
  const shown = formatNumber(Math.abs(value), language);
  const rounded = Math.round(value * 1000);
  return rounded > 0 ? `+${shown}` : rounded < 0 ? `\u2212${shown}` : shown;
}

/** An amount the stock API gives in minor units, in the deployment's currency. */
export const stockMoney = (minor: number, language: string) => formatMoney(centsToDecimal(minor), language);

/** A month (1..12) by its name in the reader's language ('November', 'novembre'). */
export function monthName(month: number, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, month - 1, 1)),
  );
}

/** A percentage as the hint says it: whole above 10 ('18'), one decimal below ('1,5'). */
const percentFigure = (value: number, language: string) =>
  formatNumber(value, language, Math.abs(value) >= 10 || Number.isInteger(value) ? 0 : 1);

/** The hint's sentence parameters (the sentence itself is the catalogue's), or null when there is no hint. */
export function hintParams(hint: TStorageHint | null, language: string, cropName: string) {
  if (hint === null) {
    return null;
  }
  return {
    crop: cropName,
    from: monthName(hint.lowMonth, language),
    to: monthName(hint.highMonth, language),
    // The sentence says which way (rose or fell): the figure is the size of the change.
    rise: percentFigure(Math.abs(hint.risePercent), language),
    count: hint.years,
    lossFrom: percentFigure(hint.lossPercent.from, language),
    lossTo: percentFigure(hint.lossPercent.to, language),
    falls: hint.risePercent < 0,
  };
}

export interface StoreGroup {
  store: TLot['store'];
  /** The store as the stores list gives it (totals, keepers), when the caller sees it. */
  listed: TStore | null;
  lots: TLot[];
}

/**
 * Lots under their stores: every store of the list (an empty one too, so a new store shows at once) in the list's
 * order, then the stores only a lot names (a represented farmer's home store), in the order the lots come.
 */
export function groupLots(
  stores: readonly TStore[],
  lots: readonly TLot[],
  withEmpty: boolean,
): StoreGroup[] {
  const groups = new Map<number, StoreGroup>();
  if (withEmpty) {
    for (const store of stores) {
      const { id, name, kind, location } = store;
      groups.set(id, { store: { id, name, kind, location }, listed: store, lots: [] });
    }
  }
  for (const lot of lots) {
    let group = groups.get(lot.store.id);
    if (!group) {
      group = { store: lot.store, listed: stores.find((s) => s.id === lot.store.id) ?? null, lots: [] };
      groups.set(lot.store.id, group);
    }
    group.lots.push(lot);
  }
  return [...groups.values()];
}

export interface StockTotals {
  lots: number;
  quantity: number;
  /** Minor units, of the priced lots only. */
  value: number;
  unpriced: number;
}

/**
 * A store's totals from the lots shown, where the stores list does not give them (a represented farmer's store the
 * agent does not keep): tons to the kilogram, value of the priced lots, and how many have no price.
 */
export function lotTotals(lots: readonly TLot[]): StockTotals {
  const kg = lots.reduce((sum, lot) => sum + Math.round(lot.quantity * 1000), 0);
  const priced = lots.filter((lot) => lot.value !== null);
  return {
    lots: lots.length,
    quantity: kg / 1000,
    value: priced.reduce((sum, lot) => sum + (lot.value?.total ?? 0), 0),
    unpriced: lots.length - priced.length,
  };
}
