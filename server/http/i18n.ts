// Server-side messages in the user's language, read from the same catalogues the web app uses (web/locales).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../contract/constants';

type Catalogue = { [key: string]: string | Catalogue };

const LOCALES = fileURLToPath(new URL('../../web/locales', import.meta.url));

function loadCatalogues(): Record<Language, Record<string, Catalogue>> {
  const out: Record<Language, Record<string, Catalogue>> = { en: {}, fr: {} };
  for (const lang of LANGUAGES) {
    for (const file of readdirSync(`${LOCALES}/${lang}`)) {
      if (file.endsWith('.json')) {
        out[lang][file.slice(0, -'.json'.length)] = JSON.parse(
          readFileSync(`${LOCALES}/${lang}/${file}`, 'utf8'),
        );
      }
    }
  }
  return out;
}

const catalogues = loadCatalogues();

function lookup(tree: Catalogue | undefined, path: string[]): string | undefined {
  let node: string | Catalogue | undefined = tree;
  for (const part of path) {
    if (node === undefined || typeof node === 'string') {
      return undefined;
    }
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The catalogue text of `namespace.key.path` as written, `{{param}}` left in; undefined when no language has it. */
export function catalogueText(lang: Language, key: string): string | undefined {
  const [namespace = '', ...path] = key.split('.');
  return lookup(catalogues[lang][namespace], path) ?? lookup(catalogues.en[namespace], path);
}

/** Translates `namespace.key.path` (namespace = catalogue file) with `{{param}}`; unknown keys come back as they are. */
export function translate(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  const [namespace = '', ...path] = key.split('.');
  const text = lookup(catalogues[lang][namespace], path) ?? lookup(catalogues.en[namespace], path) ?? key;
  return text.replace(/(\bde )?\{\{\s*(\w+)\s*\}\}/g, (_, de: string | undefined, name: string) => {
    const value = params[name];
    if (value === undefined) {
      return de ?? '';
    }
    // Type names in 'Expected X, received Y' are translated too.
    const shown =
      typeof value === 'string'
        ? (lookup(catalogues[lang].validation, ['types', value]) ?? value)
        : String(value);
    return de === undefined ? shown : `${elide(lang, de, shown)}${shown}`;
  });
}

/**
 * A vowel that makes French elide the word before it. A name's h and y are left alone: "de haricots", "de Yaw",
 * "de Yaoundé" keep their de (a y before a vowel is said as a consonant).
 */
const ELIDING = /^[aeiouàâäéèêëîïôöûüœ]/i;

/**
 * French writes "d'Arachide", "d'Amina", never "de Arachide": the "de" of a template meets a name only when the
 * message is made, so it is elided then. Other languages keep it as written.
 */
function elide(lang: Language, de: string, next: string): string {
  return lang === 'fr' && ELIDING.test(next) ? "d'" : de;
}

export function parseAcceptLanguage(header: string | undefined): Language | null {
  if (!header) {
    return null;
  }
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((x) => Number.isFinite(x.q) && x.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0];
    if (base === 'en' || base === 'fr') {
      return base;
    }
  }
  return null;
}

export function requestLanguage(request: FastifyRequest): Language {
  return (
    request.user?.language ?? parseAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE
  );
}
