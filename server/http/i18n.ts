// Server-side messages in the user's language, read from the same catalogues the web app uses.
import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type Language } from '../../contract/common';
import enErrors from '../../web/locales/en/errors.json' with { type: 'json' };
import enValidation from '../../web/locales/en/validation.json' with { type: 'json' };
import frErrors from '../../web/locales/fr/errors.json' with { type: 'json' };
import frValidation from '../../web/locales/fr/validation.json' with { type: 'json' };

type Catalogue = { [key: string]: string | Catalogue };

const catalogues: Record<Language, Record<string, Catalogue>> = {
  en: { errors: enErrors, validation: enValidation },
  fr: { errors: frErrors, validation: frValidation },
};

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

/** Translates `namespace.key.path` with `{{param}}` interpolation; unknown keys come back as they are. */
export function translate(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  const [namespace = '', ...path] = key.split('.');
  const text = lookup(catalogues[lang][namespace], path) ?? lookup(catalogues.en[namespace], path) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) {
      return '';
    }
    // Type names in 'Expected X, received Y' are translated too.
    return typeof value === 'string'
      ? (lookup(catalogues[lang].validation, ['types', value]) ?? value)
      : String(value);
  });
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
