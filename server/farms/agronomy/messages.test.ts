// Tests that the English and French agronomy texts cover every key the analyses can produce, with the same parameters.
import { describe, expect, it } from 'vitest';
import {
  METHOD_NAMES,
  MISSING_NAMES,
  REASON_NAMES,
  RECOMMENDATION_NAMES,
  RISK_NAMES,
  SOURCE_NAMES,
  STAGE_NAMES,
} from '../../../contract/analysis';
import { CROP_KEYS } from '../../../contract/crops';
import { loadLocale } from './test-fixtures';

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '').sort();

const EXPECTED_KEYS = [
  ...METHOD_NAMES.map((n) => `method.${n}`),
  ...SOURCE_NAMES.map((n) => `source.${n}`),
  ...MISSING_NAMES.map((n) => `missing.${n}`),
  ...RECOMMENDATION_NAMES.map((n) => `recommendation.${n}`),
  ...RISK_NAMES.map((n) => `risk.${n}`),
  ...REASON_NAMES.map((n) => `reason.${n}`),
  ...STAGE_NAMES.map((n) => `stage.${n}`),
  ...CROP_KEYS.map((n) => `crop.${n}`),
].sort();

describe('agronomy locale files', () => {
  const en = loadLocale('en');
  const fr = loadLocale('fr');

  it('hold exactly the keys the analyses use, in both languages', () => {
    expect([...en.keys()].sort()).toEqual(EXPECTED_KEYS);
    expect([...fr.keys()].sort()).toEqual(EXPECTED_KEYS);
  });

  it('use the same interpolation parameters in English and French', () => {
    for (const [key, text] of en) {
      expect(placeholders(fr.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('keep every reference of a method source exact in French (equation, table, page numbers, years)', () => {
    const references = (text: string) => text.match(/\d+|FAO-\d+|[A-Z]{3,}/g) ?? [];
    for (const name of SOURCE_NAMES) {
      const key = `source.${name}`;
      expect(references(fr.get(key) ?? ''), key).toEqual(references(en.get(key) ?? ''));
    }
    expect(fr.get('source.fao33_yield_response')).not.toMatch(/daily balance|Table/);
  });

  it('translate every text (no French value left in English) and leave none empty', () => {
    for (const [key, text] of en) {
      expect(text.trim(), key).not.toBe('');
      expect(fr.get(key), key).not.toBe(text);
    }
  });
});
