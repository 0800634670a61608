import fc from 'fast-check';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ZApiError } from '../../contract/errors';
import en from '../locales/en/common.json';
import fr from '../locales/fr/common.json';
import { ApiError, isApiError, queryErrorText, requestHeaders } from './api-client';

describe('requestHeaders', () => {
  it("asks for answers in the interface's language, whatever the browser's", async () => {
    await i18next.init({ lng: 'fr', resources: {} });
    expect(requestHeaders()).toEqual({ accept: 'application/json', 'accept-language': 'fr' });
    await i18next.changeLanguage('en');
    expect(requestHeaders()['accept-language']).toBe('en');
  });
});

describe('isApiError', () => {
  it('accepts exactly what the contract schema accepts', () => {
    const issue = fc.record({
      path: fc.oneof(fc.string(), fc.integer()),
      message: fc.oneof(fc.string(), fc.constant(null)),
    });
    const body = fc.oneof(
      fc.anything(),
      fc.record(
        {
          message: fc.oneof(fc.string(), fc.integer()),
          code: fc.oneof(fc.string(), fc.constant(undefined)),
          issues: fc.oneof(fc.array(issue), fc.constant(undefined), fc.string()),
        },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(body, (value) => {
        expect(isApiError(value)).toBe(ZApiError.safeParse(value).success);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads the server error shape', () => {
    expect(isApiError({ message: 'Not found', code: 'notFound' })).toBe(true);
    expect(isApiError({ message: 'Bad', code: 'badRequest', issues: [{ path: 'name', message: 'x' }] })).toBe(
      true,
    );
    expect(isApiError({ message: 'Bad' })).toBe(false);
  });
});

describe('queryErrorText', () => {
  it("says why a screen could not load in the reader's language, never the browser's own words", async () => {
    await i18next.init({
      lng: 'fr',
      resources: { en: { common: en }, fr: { common: fr } },
      defaultNS: 'common',
    });
    // What fetch rejects with when no network answers (Chromium, Firefox, Safari).
    for (const raw of ['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed']) {
      expect(queryErrorText(new TypeError(raw))).toBe('Vous êtes hors ligne');
    }
    expect(queryErrorText(new Error('boom'))).toBe('Erreur inattendue');
    await i18next.changeLanguage('en');
    expect(queryErrorText(new TypeError('Failed to fetch'))).toBe('You are offline');
    // The server's own answer keeps the spec's form (its message is already in the user's language).
    expect(queryErrorText(new ApiError(404, 'Introuvable', 'notFound'))).toBe('404: Introuvable');
  });
});
