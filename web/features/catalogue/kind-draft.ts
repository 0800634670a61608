// A commodity kind as its form holds it (text fields) and back: what the managers' form sends, validated by the
// contract's schemas, and where each of their messages belongs.
import type { TCommodityKind } from '../../../contract/commodity-kinds';
import type { Grade } from '../../../contract/marketplace-constants';
import { parseDecimal, toDecimalInput } from '../../lib/format';

export interface UnitDraft {
  key: string;
  en: string;
  fr: string;
  /** Kilograms as typed ('32,5'); empty: not weighed yet. */
  kg: string;
}

export interface KindDraft {
  key: string;
  en: string;
  fr: string;
  /** Other names, separated by commas. */
  synonyms: string;
  grades: Grade[];
  units: UnitDraft[];
}

const KEY_MAX = 40;

/** A key suggested from a name ("Ndolé leaves" → "ndole_leaves"), for the manager to keep or change. */
export function suggestKey(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '');
  return slug.slice(0, KEY_MAX).replace(/_+$/, '');
}

/** A new kind's form, its English name (and key) taken from a name a user typed when there is one. */
export function newKindDraft(name = ''): KindDraft {
  return { key: suggestKey(name), en: name, fr: '', synonyms: '', grades: ['A', 'B', 'C'], units: [] };
}

export const newUnitDraft = (): UnitDraft => ({ key: '', en: '', fr: '', kg: '' });

export function kindDraftOf(kind: TCommodityKind, language: string): KindDraft {
  return {
    key: kind.key,
    en: kind.names.en,
    fr: kind.names.fr,
    synonyms: kind.synonyms.join(', '),
    grades: [...kind.grades],
    units: kind.units.map((unit) => ({
      key: unit.key,
      en: unit.names.en,
      fr: unit.names.fr,
      kg: unit.kg === null ? '' : toDecimalInput(unit.kg, language),
    })),
  };
}

/** Kilograms typed with either decimal separator; empty is null (not weighed); anything else is left for zod to refuse. */
function kgValue(text: string): number | null | string {
  if (text.trim() === '') {
    return null;
  }
  const value = parseDecimal(text);
  return Number.isNaN(value) ? text.trim() : value;
}

/** The body the draft stands for, to be parsed by ZKindInput (new) or ZKindUpdate (edit, without the key). */
export function kindBodyOf(draft: KindDraft) {
  return {
    names: { en: draft.en.trim(), fr: draft.fr.trim() },
    synonyms: draft.synonyms
      .split(/[,;\n]/)
      .map((s) => s.trim())
      .filter((s) => s.length > 0),
    grades: draft.grades,
    units: draft.units.map((unit) => ({
      key: unit.key.trim(),
      names: { en: unit.en.trim(), fr: unit.fr.trim() },
      kg: kgValue(unit.kg),
    })),
  };
}

/** A message's place in the form: 'names.en', 'units.1.kg', 'synonyms' (the list, or one of its entries). */
export function fieldOfIssue(path: readonly PropertyKey[]): string {
  if (path[0] === 'synonyms' || path[0] === 'grades') {
    return String(path[0]);
  }
  if (path[0] === 'units' && path.length > 2 && path[2] === 'names') {
    return path.slice(0, 4).map(String).join('.');
  }
  return path.slice(0, 3).map(String).join('.');
}

/** The first message of each field. */
export function errorsByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    errors[fieldOfIssue(issue.path)] ??= issue.message;
  }
  return errors;
}
