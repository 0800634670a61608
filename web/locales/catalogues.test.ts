// Every key exists in both languages, and French values are French (not the English left in place).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('.', import.meta.url).pathname;
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** Words that are the same in both languages. */
const SAME_IN_BOTH = new Set([
  'Terroir',
  'Notifications',
  'Agent',
  'English',
  'Français',
  'Email',
  'NaN',
  'date',
  'Type',
  'Date',
  'Total',
  'Description',
  'Message',
  'Notes',
  'Actions',
  'Code',
  'Latitude',
  'Longitude',
  'Page',
  'Total',
  'SMS',
  'WhatsApp',
  'Ghana',
  "Côte d'Ivoire",
  'grain',
  'Question',
  'Catalogue',
  // The mobile-money providers' brand names.
  'MTN MoMo',
  'Orange Money',
]);

function flatten(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof tree === 'string') {
    out.set(prefix, tree);
    return out;
  }
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    for (const [k, v] of flatten(value, prefix ? `${prefix}.${key}` : key)) {
      out.set(k, v);
    }
  }
  return out;
}

const load = (lang: string, file: string) =>
  flatten(JSON.parse(readFileSync(join(root, lang, file), 'utf8')) as unknown);

/** The driver role has one name in French, "livreur": never another word for the same person. */
const OTHER_DRIVER_WORDS = /\b(chauffeurs?|conducteurs?|conductrices?|transporteurs?|camionneurs?)\b/i;

const files = readdirSync(join(root, 'en')).filter((f) => f.endsWith('.json'));

describe('catalogues', () => {
  it('have the same files in both languages', () => {
    expect(
      readdirSync(join(root, 'fr'))
        .filter((f) => f.endsWith('.json'))
        .sort(),
    ).toEqual(files.sort());
  });

  it.each(files)('%s has every key in both languages', (file) => {
    const base = (m: Map<string, string>) =>
      [...new Set([...m.keys()].map((k) => k.replace(PLURAL, '')))].sort();
    expect(base(load('fr', file))).toEqual(base(load('en', file)));
  });

  it.each(files)('%s has French values that differ from the English', (file) => {
    const en = load('en', file);
    const fr = load('fr', file);
    const untranslated = [...en].filter(([key, value]) => {
      const french = fr.get(key);
      return (
        french === value && !SAME_IN_BOTH.has(value) && /[a-z]{3,}/i.test(value.replace(/\{\{\w+\}\}/g, ''))
      );
    });
    expect(untranslated.map(([key]) => key)).toEqual([]);
  });

  it.each(files)('%s keeps the same interpolation parameters', (file) => {
    const en = load('en', file);
    const fr = load('fr', file);
    const params = (s: string | undefined) =>
      [...(s ?? '').matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    for (const [key, value] of en) {
      if (fr.has(key)) {
        expect(params(fr.get(key)), `${file}:${key}`).toEqual(params(value));
      }
    }
  });

  it.each(files)('%s names the driver "livreur" in French', (file) => {
    const others = [...load('fr', file)].filter(([, value]) => OTHER_DRIVER_WORDS.test(value));
    expect(others.map(([key, value]) => `${key}: ${value}`)).toEqual([]);
  });
});
