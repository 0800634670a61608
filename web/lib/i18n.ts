// i18next with every catalogue bundled; the initial language comes from local storage (exactly 'en' or 'fr').
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../contract/common';
import { decodeMessage, describeIssue, encodeMessage } from '../../contract/validation';

const STORAGE_KEY = 'language';

type Catalogue = Record<string, unknown>;
const modules = import.meta.glob<Catalogue>('../locales/*/*.json', { eager: true, import: 'default' });

function resources(): Record<Language, Record<string, Catalogue>> {
  const out: Record<Language, Record<string, Catalogue>> = { en: {}, fr: {} };
  for (const [path, catalogue] of Object.entries(modules)) {
    const match = /locales\/(en|fr)\/([\w-]+)\.json$/.exec(path);
    if (match?.[1] && match[2]) {
      out[match[1] as Language][match[2]] = catalogue;
    }
  }
  return out;
}

export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'en' || value === 'fr' ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // private mode: the server copy still applies at next sign-in
  }
}

export function setupI18n() {
  // Form messages become catalogue keys, translated where they are shown.
  z.config({
    customError: (issue) => encodeMessage(describeIssue(issue as Parameters<typeof describeIssue>[0])),
  });
  const initial = storedLanguage();
  void i18next.use(initReactI18next).init({
    resources: resources(),
    lng: initial,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: ['common'],
    defaultNS: 'common',
    keySeparator: '.',
    nsSeparator: ':',
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = initial;
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  return i18next;
}

/** Translates a validation message (a catalogue key, possibly with parameters) or passes text through. */
export function translateMessage(
  t: (key: string, options?: Record<string, unknown>) => string,
  message: string,
) {
  const ref = decodeMessage(message);
  if (!ref.key.startsWith('validation.')) {
    return message;
  }
  const params: Record<string, unknown> = { ...ref.params };
  for (const name of ['expected', 'received']) {
    const value = params[name];
    if (typeof value === 'string') {
      params[name] = t(`validation:types.${value}`, { defaultValue: value });
    }
  }
  return t(`validation:${ref.key.slice('validation.'.length)}`, params);
}
