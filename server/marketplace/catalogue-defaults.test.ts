// The default catalogue and the resolver over it: names, synonyms and spellings in any case and accent.
import { describe, expect, it } from 'vitest';
import { buildKindIndex, foldName, resolveKind, ZKindInput } from '../../contract/commodity-kinds';
import { CROP_KEYS } from '../../contract/crops';
import { DEFAULT_KINDS } from './catalogue-defaults';

const index = buildKindIndex(DEFAULT_KINDS);

describe('foldName', () => {
  it('drops case, accents (composed or not), punctuation and extra spaces', () => {
    expect(foldName('  MAÏS ')).toBe('mais');
    expect(foldName('Mai\u0308s')).toBe('mais');
    expect(foldName('Black-Eyed  Peas')).toBe('black eyed peas');
    expect(foldName('ＭＡＩＺＥ')).toBe('maize');
    expect(foldName('Canne à sucre')).toBe('canne a sucre');
  });
});

describe('resolveKind', () => {
  it('matches names in both languages, synonyms and spellings to one key', () => {
    for (const typed of ['Maize', 'maïs', 'MAIS', 'Mais', 'corn', 'Maïs grain']) {
      expect(resolveKind(index, typed), typed).toBe('maize');
    }
    for (const typed of ['Cassava', 'manioc', 'MANIOC']) {
      expect(resolveKind(index, typed), typed).toBe('cassava');
    }
    for (const typed of ['Groundnuts', 'arachide', 'Arachides', 'peanut', 'PEANUTS']) {
      expect(resolveKind(index, typed), typed).toBe('groundnut');
    }
    expect(resolveKind(index, 'sweet potato')).toBe('sweet_potato');
    expect(resolveKind(index, 'Sweet_Potato')).toBe('sweet_potato');
    expect(resolveKind(index, 'Niébé')).toBe('cowpea');
    expect(resolveKind(index, 'Soybeans')).toBe('soybean');
  });

  it('cuts a plural s only when the whole word is not itself a term', () => {
    expect(resolveKind(index, 'tomates')).toBe('tomato');
    expect(resolveKind(index, 'cocoas')).toBe('cocoa');
    expect(resolveKind(index, 'mais')).toBe('maize');
  });

  it('answers null for a name nothing matches or an empty one', () => {
    expect(resolveKind(index, 'Champignons')).toBeNull();
    expect(resolveKind(index, ' - ')).toBeNull();
    expect(resolveKind(index, 'mai')).toBeNull();
  });

  it('is linear: a long name resolves at once', () => {
    const started = performance.now();
    expect(resolveKind(index, `${'é'.repeat(200_000)}s`)).toBeNull();
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('DEFAULT_KINDS', () => {
  it('are valid catalogue entries with unique keys and no term shared by two kinds', () => {
    const owners = new Map<string, string>();
    for (const kind of DEFAULT_KINDS) {
      expect(ZKindInput.safeParse(kind).success, kind.key).toBe(true);
      for (const term of [kind.key, kind.names.en, kind.names.fr, ...kind.synonyms]) {
        const folded = foldName(term.replace(/_/g, ' '));
        const owner = owners.get(folded);
        expect(owner === undefined || owner === kind.key, `${term}: ${owner} and ${kind.key}`).toBe(true);
        owners.set(folded, kind.key);
      }
    }
    expect(new Set(DEFAULT_KINDS.map((k) => k.key)).size).toBe(DEFAULT_KINDS.length);
  });

  it('cover the crops farms grow and the names of the demo listings', () => {
    const keys = new Set(DEFAULT_KINDS.map((k) => k.key));
    for (const crop of CROP_KEYS) {
      expect(keys.has(crop), crop).toBe(true);
    }
    for (const name of [
      'Beans',
      'Cassava',
      'Cocoa',
      'Coffee',
      'Groundnuts',
      'Maize',
      'Plantain',
      'Rice',
      'Soybeans',
    ]) {
      expect(resolveKind(index, name), name).not.toBeNull();
    }
  });
});
