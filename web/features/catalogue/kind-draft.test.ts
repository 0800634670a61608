// The managers' kind form: keys suggested from a name, the body it sends, and where the contract's messages go.
import { describe, expect, it } from 'vitest';
import { ZKindInput } from '../../../contract/commodity-kinds';
import { errorsByField, kindBodyOf, kindDraftOf, newKindDraft, suggestKey } from './kind-draft';

describe('suggestKey', () => {
  it.each([
    ['Ndolé leaves', 'ndole_leaves'],
    ['  Maïs  ', 'mais'],
    ['12 Shea-nuts!', 'shea_nuts'],
    ['', ''],
  ])('%j → %j', (name, key) => {
    expect(suggestKey(name)).toBe(key);
  });
});

describe('kindBodyOf', () => {
  it('reads other names by comma, kilograms with either separator, and empty kilograms as not weighed', () => {
    const draft = {
      ...newKindDraft('Ndolé leaves'),
      fr: 'Ndolé',
      synonyms: 'ndole, bitter leaf ,, ',
      units: [
        { key: 'basin', en: 'Basin', fr: 'Bassine', kg: '32,5' },
        { key: 'tine', en: 'Tine', fr: 'Tine', kg: ' ' },
      ],
    };
    const body = kindBodyOf(draft);
    expect(body.synonyms).toEqual(['ndole', 'bitter leaf']);
    expect(body.units.map((u) => u.kg)).toEqual([32.5, null]);
    expect(ZKindInput.safeParse({ ...body, key: draft.key }).success).toBe(true);
  });

  it('gives the contract’s messages to the fields they concern', () => {
    const body = kindBodyOf({
      ...newKindDraft(''),
      units: [{ key: 'basin', en: 'Basin', fr: 'B', kg: 'lots' }],
      grades: [],
    });
    const parsed = ZKindInput.safeParse({ ...body, key: 'X' });
    expect(parsed.success).toBe(false);
    const errors = errorsByField(parsed.error?.issues ?? []);
    expect(Object.keys(errors).sort()).toEqual(
      ['grades', 'key', 'names.en', 'names.fr', 'units.0.kg', 'units.0.names.fr'].sort(),
    );
    expect(errors['units.0.kg']).toBe('marketplace.catalogue.validation.unitKg');
  });
});

describe('kindDraftOf', () => {
  it('shows a kind’s kilograms as the reader types decimals, and a unit not weighed as empty', () => {
    const draft = kindDraftOf(
      {
        key: 'beans',
        name: 'Haricots',
        names: { en: 'Beans', fr: 'Haricots' },
        synonyms: ['bean', 'haricot'],
        grades: ['A', 'B'],
        units: [
          { key: 'basin', name: 'Bassine', names: { en: 'Basin', fr: 'Bassine' }, kg: 32.5 },
          { key: 'tine', name: 'Tine', names: { en: 'Tine', fr: 'Tine' }, kg: null },
        ],
      },
      'fr',
    );
    expect(draft.synonyms).toBe('bean, haricot');
    expect(draft.units.map((u) => u.kg)).toEqual(['32,5', '']);
    expect(kindBodyOf(draft).units.map((u) => u.kg)).toEqual([32.5, null]);
  });
});
