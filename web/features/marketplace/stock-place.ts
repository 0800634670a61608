// What a listing says of its stock, as catalogue keys: where it is stored (and how dry), that no stock stands
// behind it, or nothing where the answer leaves the field out (a write's answer).
import type { TCommodity } from '../../../contract/marketplace';

export type StockWords =
  | { kind: 'stored'; place: { key: string; params: Record<string, string> }; moisture: number | null }
  | { kind: 'notRecorded' }
  | null;

export function stockWords(stock: TCommodity['stock']): StockWords {
  if (stock === undefined) {
    return null;
  }
  if (stock === null) {
    return { kind: 'notRecorded' };
  }
  const place: { key: string; params: Record<string, string> } = stock.location
    ? { key: 'stock.storedAt', params: { store: stock.store, location: stock.location } }
    : { key: 'stock.storedAtStore', params: { store: stock.store } };
  return { kind: 'stored', place, moisture: stock.moisture };
}
