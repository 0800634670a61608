// A listing from a lot names its store, place and moisture; one from no lot says so; an answer without the field
// says nothing.
import { describe, expect, it } from 'vitest';
import { stockWords } from './stock-place';

const stock = {
  lotId: 3,
  moisture: 13,
  store: 'Bafoussam co-op store',
  storeKind: 'coop' as const,
  location: null,
};

describe('stockWords', () => {
  it('says nothing when the field is left out, and "not recorded" when it is null', () => {
    expect(stockWords(undefined)).toBeNull();
    expect(stockWords(null)).toEqual({ kind: 'notRecorded' });
  });

  it('names the store, with its place when it has one, and the moisture', () => {
    expect(stockWords(stock)).toEqual({
      kind: 'stored',
      place: { key: 'stock.storedAtStore', params: { store: 'Bafoussam co-op store' } },
      moisture: 13,
    });
    expect(stockWords({ ...stock, location: 'Bafoussam', moisture: null })).toEqual({
      kind: 'stored',
      place: { key: 'stock.storedAt', params: { store: 'Bafoussam co-op store', location: 'Bafoussam' } },
      moisture: null,
    });
  });
});
