import { describe, expect, it } from 'vitest';
import type { TUser } from '../../contract/auth';
import { PAGE_SESSION_ID } from '../../contract/constants';
import { pageSessionOf } from '../test/page-session';
import { pageWithSession } from './web-app';

const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>Terroir</title></head><body><div id="root"></div></body></html>';

const user: TUser = {
  id: 7,
  username: 'amina',
  role: 'farmer',
  email: 'a</script><script>alert(1)</script>@example.org',
  phoneNumber: null,
  countryCode: 'CM',
  language: 'fr',
  createdAt: '2026-01-01T00:00:00.000Z',
};

const config = {
  currency: 'XAF',
  currencyDigits: 0,
  defaultCountryCode: '+237',
  languages: ['en' as const, 'fr' as const],
  mobileMoney: [],
};

describe('pageWithSession', () => {
  it("writes the user into the head and sets the page's language", () => {
    const page = pageWithSession(TEMPLATE, { user, language: 'fr', config });
    expect(page.startsWith('<!doctype html><html lang="fr"><head>')).toBe(true);
    expect(page.indexOf(PAGE_SESSION_ID)).toBeLessThan(page.indexOf('</head>'));
    expect(pageSessionOf(page)).toEqual({ user, language: 'fr', config });
  });

  it('cannot be ended early by a value: every < is escaped', () => {
    const page = pageWithSession(TEMPLATE, { user, language: 'fr', config });
    expect(page.match(/<\/script>/g)).toHaveLength(1);
    expect(page).not.toContain('<script>alert');
  });

  it('keeps the template language when nobody is signed in and the browser prefers neither language', () => {
    const page = pageWithSession(TEMPLATE, { user: null, language: null, config });
    expect(page).toContain('<html lang="en">');
    expect(pageSessionOf(page)).toEqual({ user: null, language: null, config });
  });
});
