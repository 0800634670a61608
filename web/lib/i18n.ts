// i18next with catalogues loaded on demand, in the first language known (see setupI18n).
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../contract/constants';
import { decodeMessage, isMessageKey } from '../../contract/validation';

const STORAGE_KEY = 'language';

type Catalogue = Record<string, unknown>;
// One chunk per language and module: a phone downloads only the texts of the screens it opens.
const loaders = import.meta.glob<Catalogue>('../locales/*/*.json', { import: 'default' });

const lazyCatalogues = {
  type: 'backend' as const,
  init() {},
  read(language: string, namespace: string, callback: (error: Error | null, data: Catalogue | null) => void) {
    const load = loaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'en' || value === 'fr' ? value : null;
  } catch {
    return null;
  }
}

export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // private mode: the server copy still applies at next sign-in
  }
}

/**
 * Shows the user's stored language, its catalogues loaded first: a device that was showing another language then
 * draws the signed-in screens once, in the right language, instead of twice.
 */
export async function adoptLanguage(language: Language): Promise<void> {
  if (i18next.language === language) {
    return;
  }
  rememberLanguage(language);
  await i18next.changeLanguage(language).catch(() => undefined);
}

/**
 * Starts i18next in the first language known: the signed-in user's (written into the page by the server), else the
 * one chosen on this device, else the browser's preferred one the server saw, else English. Resolves once the
 * common texts are loaded.
 */
export function setupI18n(userLanguage: Language | null, browserLanguage: Language | null): Promise<unknown> {
  const initial = userLanguage ?? storedLanguage() ?? browserLanguage ?? DEFAULT_LANGUAGE;
  if (userLanguage) {
    rememberLanguage(userLanguage);
  }
  const ready = i18next
    .use(lazyCatalogues)
    .use(initReactI18next)
    .init({
      lng: initial,
      // Ask for the catalogues now, not in a later task (i18next's default): they are on the first screen's path.
      initAsync: false,
      // Every key exists in both languages (a unit test checks), so there is nothing to fall back to.
      fallbackLng: false,
      load: 'currentOnly',
      supportedLngs: [...LANGUAGES],
      ns: ['common', 'validation'],
      defaultNS: 'common',
      keySeparator: '.',
      nsSeparator: ':',
      interpolation: { escapeValue: false },
    });
  document.documentElement.lang = initial;
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  return ready;
}

/** Translates a validation message (a catalogue key, possibly with parameters) or passes text through. */
export function translateMessage(
  t: (key: string, options?: Record<string, unknown>) => string,
  message: string,
) {
  const ref = decodeMessage(message);
  if (!isMessageKey(ref.key)) {
    return message;
  }
  const params: Record<string, unknown> = { ...ref.params };
  for (const name of ['expected', 'received']) {
    const value = params[name];
    if (typeof value === 'string') {
      params[name] = t(`validation:types.${value}`, { defaultValue: value });
    }
  }
  const dot = ref.key.indexOf('.');
  return t(`${ref.key.slice(0, dot)}:${ref.key.slice(dot + 1)}`, params);
}
