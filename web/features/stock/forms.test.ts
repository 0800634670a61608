// The stock forms read what a keeper types and send the API's tons; a movement above what the lot holds is refused.
import { describe, expect, it } from 'vitest';
import { decodeMessage } from '../../../contract/validation';
import { lossForm, moveForm, ZCountForm, ZLotForm, ZRegradeForm, ZStoreForm } from './forms';

const firstMessage = (result: { error?: { issues: { message: string }[] } | undefined }) =>
  result.error?.issues[0]?.message;

describe('stock forms', () => {
  it('sends a store without the fields left empty', () => {
    expect(ZStoreForm.parse({ name: 'Grenier', kind: 'home', location: ' ', farmId: '' })).toEqual({
      name: 'Grenier',
      kind: 'home',
    });
    expect(ZStoreForm.parse({ name: 'Coop', kind: 'coop', location: 'Bafoussam', farmId: '3' })).toEqual({
      name: 'Coop',
      kind: 'coop',
      location: 'Bafoussam',
      farmId: 3,
    });
    expect(firstMessage(ZStoreForm.safeParse({ name: 'G', kind: 'home', location: '', farmId: '' }))).toBe(
      'stock.validation.storeName',
    );
  });

  it('reads opening stock typed with a comma, in tons', () => {
    expect(
      ZLotForm.parse({
        storeId: '2',
        crop: 'Maize',
        variety: '',
        grade: 'B',
        moisture: '13,5',
        quantity: '2,25',
        date: '',
      }),
    ).toEqual({ storeId: 2, crop: 'Maize', grade: 'B', moisture: 13.5, quantity: 2.25 });
  });

  it('refuses a loss above what the lot holds, naming the quantity there is', () => {
    const form = lossForm(1500, '1.5');
    expect(form.parse({ quantity: '0,2', reason: 'pests', note: '', date: '2026-11-01' })).toEqual({
      kind: 'loss',
      quantity: 0.2,
      reason: 'pests',
      date: '2026-11-01',
    });
    const refused = form.safeParse({ quantity: '1.6', reason: 'pests', note: '', date: '' });
    expect(decodeMessage(firstMessage(refused) ?? '')).toEqual({
      key: 'stock.validation.overAvailable',
      params: { available: '1.5' },
    });
    expect(firstMessage(form.safeParse({ quantity: '1', reason: '', note: '', date: '' }))).toBe(
      'stock.validation.reason',
    );
  });

  it('counts an empty store as 0', () => {
    expect(ZCountForm.parse({ counted: '0', note: '', date: '' })).toEqual({ kind: 'count', counted: 0 });
    expect(ZCountForm.safeParse({ counted: '', note: '', date: '' }).success).toBe(false);
  });

  it('moves at most the free quantity to the store chosen', () => {
    const form = moveForm(500, '0.5');
    expect(form.parse({ quantity: '0.5', toStoreId: '7', date: '' })).toEqual({
      kind: 'transfer',
      quantity: 0.5,
      toStoreId: 7,
    });
    expect(form.safeParse({ quantity: '0.501', toStoreId: '7', date: '' }).success).toBe(false);
    expect(form.safeParse({ quantity: '0.5', toStoreId: '', date: '' }).success).toBe(false);
  });

  it('regrades with or without a new moisture', () => {
    expect(ZRegradeForm.parse({ grade: 'A', moisture: '', date: '' })).toEqual({
      kind: 'regrade',
      grade: 'A',
    });
    expect(ZRegradeForm.parse({ grade: 'C', moisture: '15,04', date: '' })).toEqual({
      kind: 'regrade',
      grade: 'C',
      moisture: 15,
    });
    expect(firstMessage(ZRegradeForm.safeParse({ grade: 'A', moisture: 'wet', date: '' }))).toBe(
      'stock.validation.moisture',
    );
  });
});
