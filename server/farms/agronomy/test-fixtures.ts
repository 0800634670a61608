// Assertion and inspection helpers shared by the agronomy tests.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';

/** Asserts |actual − expected| ≤ tolerance with a readable failure message. */
export function near(actual: number, expected: number, tolerance: number): void {
  expect(Math.abs(actual - expected), `${actual} vs ${expected} ± ${tolerance}`).toBeLessThanOrEqual(
    tolerance,
  );
}

type Tree = { [key: string]: string | Tree };

/** The agronomy locale file of a language, flattened to dotted keys. */
export function loadLocale(language: 'en' | 'fr'): Map<string, string> {
  const url = new URL(`../../../web/locales/${language}/agronomy.json`, import.meta.url);
  const flat = new Map<string, string>();
  const walk = (tree: Tree, prefix: string): void => {
    for (const [key, value] of Object.entries(tree)) {
      if (typeof value === 'string') {
        flat.set(prefix + key, value);
      } else {
        walk(value, `${prefix}${key}.`);
      }
    }
  };
  walk(JSON.parse(readFileSync(url, 'utf8')) as Tree, '');
  return flat;
}

/** Every translatable key in a result (objects shaped { key, params } or { key, source }). */
export function messageKeys(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) {
      messageKeys(item, found);
    }
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if (typeof record.key === 'string' && ('params' in record || 'source' in record)) {
      found.push(record.key);
    }
    for (const child of Object.values(record)) {
      messageKeys(child, found);
    }
  }
  return found;
}

/** Paths of every number in a result that is NaN or infinite. */
export function nonFiniteNumbers(value: unknown, path = '$', found: string[] = []): string[] {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    found.push(path);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      nonFiniteNumbers(child, `${path}.${key}`, found);
    }
  }
  return found;
}
