import fc from 'fast-check';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODE_NAMES } from '../../contract/error-codes';
import { ZApiError } from '../../contract/errors';
import en from '../locales/en/common.json';
import fr from '../locales/fr/common.json';
import {
  ApiError,
  api,
  failureText,
  isApiError,
  isNetworkFailure,
  queryErrorText,
  readableError,
  requestHeaders,
  statusText,
} from './api-client';
import { mutateThen } from './mutate-then';

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

describe("a failed write's text", () => {
  const french = () =>
    i18next.init({ lng: 'fr', resources: { en: { common: en }, fr: { common: fr } }, defaultNS: 'common' });
  const answering = (body: string, init: ResponseInit) =>
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(body, init));
  const failureOf = (request: Promise<unknown>) =>
    request.then(
      () => expect.unreachable('the request should fail'),
      (error: unknown) => error,
    );
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('has a text for every error code, in both languages', () => {
    for (const code of ERROR_CODE_NAMES) {
      expect(en.loadFailure.status[code], code).toBeTruthy();
      expect(fr.loadFailure.status[code], code).toBeTruthy();
    }
  });

  it("reads a 5xx or a proxy's page as what its status means, never the raw status text or body", async () => {
    await french();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answering('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' });
    const gateway = await failureOf(api.post('/api/posts', { content: 'x' }));
    expect(gateway).toBeInstanceOf(ApiError);
    expect((gateway as ApiError).message).toBe(fr.loadFailure.status.internal);
    expect((gateway as ApiError).code).toBe('internal');
    answering('Service Unavailable', { status: 503, statusText: 'Service Unavailable' });
    expect(failureText(await failureOf(api.delete('/api/posts/1')))).toBe(fr.loadFailure.status.unavailable);
    answering('Payload Too Large', { status: 413, statusText: 'Payload Too Large' });
    expect(failureText(await failureOf(api.post('/api/posts', {})))).toBe(
      fr.loadFailure.status.payloadTooLarge,
    );
    // The raw text is kept for whoever debugs, in the console.
    expect(console.warn).toHaveBeenCalledWith(
      'request failed',
      413,
      'Payload Too Large',
      'Payload Too Large',
    );
    expect(statusText(418)).toBe(fr.loadFailure.status.badRequest);
  });

  it("keeps the server's own message, already in the reader's language", async () => {
    await french();
    answering(JSON.stringify({ message: 'Annonce retirée', code: 'conflict' }), { status: 409 });
    const refused = await failureOf(api.post('/api/bids', {}));
    expect(failureText(refused)).toBe('Annonce retirée');
    expect((refused as ApiError).code).toBe('conflict');
  });

  it('says offline when no server answered, still read as a network failure', async () => {
    await french();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const offline = await failureOf(api.post('/api/posts', { content: 'x' }));
    expect((offline as Error).message).toBe('Vous êtes hors ligne');
    expect(isNetworkFailure(offline)).toBe(true);
    expect(((offline as Error).cause as Error).message).toBe('Failed to fetch');
  });

  it("hands a write's callbacks an error whose message the reader can read", async () => {
    await french();
    expect(readableError(new DOMException('QuotaExceededError: the quota has been exceeded')).message).toBe(
      'Erreur inattendue',
    );
    expect(readableError(new TypeError('Load failed')).message).toBe('Vous êtes hors ligne');
    const server = new ApiError(409, 'Annonce retirée', 'conflict');
    expect(readableError(server)).toBe(server);
    const seen = await new Promise<Error>((resolve) =>
      mutateThen({ mutateAsync: () => Promise.reject(new Error('IDBDatabase closed')) }, undefined, {
        onError: resolve,
      }),
    );
    expect(seen.message).toBe('Erreur inattendue');
    expect((seen.cause as Error).message).toBe('IDBDatabase closed');
  });
});
