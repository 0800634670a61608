// Pages carry the caller's session; the static index.html (what the service worker caches) never does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SESSION_ID } from '../../contract/constants';
import { call, createTestApp, registerUser, type TestApp } from '../test/harness';
import { pageSessionOf } from '../test/page-session';

/** The deployment every page carries: this test app's defaults (US dollars, no country code). */
const DEPLOYMENT = {
  currency: 'USD',
  currencyDigits: 2,
  defaultCountryCode: null,
  languages: ['en', 'fr'],
  mobileMoney: [],
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('pages', () => {
  it("carry the signed-in user exactly as GET /api/user answers, in the user's language, never shared by caches", async () => {
    const { cookie } = await registerUser(t.app, { language: 'fr' });
    const page = await call(t.app, cookie, { method: 'GET', url: '/marketplace?tab=bids' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(String(page.headers.vary)).toMatch(/cookie/i);
    expect(page.body).toContain('<html lang="fr">');
    const me = await call(t.app, cookie, { method: 'GET', url: '/api/user' });
    expect(pageSessionOf(page.body)).toEqual({ user: me.json(), language: 'fr', config: DEPLOYMENT });
  });

  it("say nobody is signed in, with the browser's preferred language, to anonymous callers and ended sessions", async () => {
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' },
    });
    expect(pageSessionOf(anonymous.body)).toEqual({ user: null, language: 'fr', config: DEPLOYMENT });
    expect(anonymous.body).toContain('<html lang="fr">');

    const plain = await t.app.inject({ method: 'GET', url: '/farms', headers: { 'accept-language': 'de' } });
    expect(pageSessionOf(plain.body)).toEqual({ user: null, language: null, config: DEPLOYMENT });

    const { cookie } = await registerUser(t.app);
    expect((await call(t.app, cookie, { method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
    const after = await call(t.app, cookie, { method: 'GET', url: '/network' });
    expect(pageSessionOf(after.body)?.user).toBeNull();
  });

  it('leave the static index.html (what the service worker caches) without a session', async () => {
    const { cookie } = await registerUser(t.app);
    const file = await call(t.app, cookie, { method: 'GET', url: '/index.html' });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('<div id="root">');
    expect(pageSessionOf(file.body)).toBeUndefined();
  });

  it('are not served for API paths or other methods', async () => {
    const { cookie } = await registerUser(t.app);
    const api = await call(t.app, cookie, { method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
    const post = await call(t.app, cookie, { method: 'POST', url: '/marketplace', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.body).not.toContain(PAGE_SESSION_ID);
  });
});
