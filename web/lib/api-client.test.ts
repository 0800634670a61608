import fc from 'fast-check';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ZApiError } from '../../contract/errors';
import { isApiError, requestHeaders } from './api-client';

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
