import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCookies, loginFailures } from '../db/schema';
import {
  call,
  createTestApp,
  nextIp,
  registerUser,
  sessionCookie,
  type TestApp,
  uniqueName,
} from '../test/harness';
import { usernameKey } from './auth.repo';
import { LOGIN_FAILURES_PER_DEVICE, LOGIN_FAILURES_PER_USERNAME, LOGIN_WINDOW_MINUTES } from './auth.service';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS } from './device-cookies';
import { hashToken } from './sessions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const register = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/register', payload, headers, remoteAddress: nextIp() });

describe('registration', () => {
  it('creates a farmer by default, answers the user object and signs in with a safe cookie', async () => {
    const username = uniqueName('Amina');
    const res = await register({ username, password: 'long-enough-pw' });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(Object.keys(user).sort()).toEqual(
      ['countryCode', 'createdAt', 'email', 'id', 'language', 'phoneNumber', 'role', 'username'].sort(),
    );
    expect(user).toMatchObject({ username, role: 'farmer', language: 'en', email: null });
    expect(user.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain('Secure');
    const me = await call(t.app, sessionCookie(res), { method: 'GET', url: '/api/user' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(user);
  });

  it('accepts buyer with optional contact details and language', async () => {
    const res = await register({
      username: uniqueName('kofi'),
      password: 'long-enough-pw',
      role: 'buyer',
      email: 'kofi@example.com',
      phoneNumber: '677123456',
      countryCode: '+237',
      language: 'fr',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      role: 'buyer',
      countryCode: '+237',
      phoneNumber: '677123456',
      language: 'fr',
    });
  });

  it('rejects a username taken in another case with 409 and writes nothing', async () => {
    const username = uniqueName('Case');
    expect((await register({ username, password: 'long-enough-pw' })).statusCode).toBe(201);
    const res = await register({ username: username.toUpperCase(), password: 'long-enough-pw' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'conflict', message: 'This username is already taken' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: username.toUpperCase(), password: 'long-enough-pw' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().username).toBe(username);
  });

  it.each([
    [{ username: 'ab', password: 'long-enough-pw' }, 'username', 'Username must be 3 to 32 characters'],
    [
      { username: 'a'.repeat(33), password: 'long-enough-pw' },
      'username',
      'Username must be 3 to 32 characters',
    ],
    [{ username: 'bad name!', password: 'long-enough-pw' }, 'username', 'may only contain'],
    [{ username: 'good_name', password: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ username: 'good_name', password: 'long-enough-pw', role: 'manager' }, 'role', 'Must be one of'],
    [{ password: 'long-enough-pw' }, 'username', 'Required'],
    [{ username: 12345, password: 'long-enough-pw' }, 'username', 'Expected string, received number'],
    [{ username: 'good_name', password: 'long-enough-pw', email: 'nope' }, 'email', 'valid email'],
    [{ username: 'good_name', password: 'long-enough-pw', countryCode: '237' }, 'countryCode', '+237'],
  ])('rejects %j with 400 on %s', async (payload, path, message) => {
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('badRequest');
    expect(body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    expect(body.issues.find((i: { path: string }) => i.path === path).message).toContain(message);
    expect(body.message).toContain(message);
  });

  it('answers validation messages in French from Accept-Language', async () => {
    const res = await register({ password: 12 }, { 'accept-language': 'fr-CM,fr;q=0.9,en;q=0.5' });
    expect(res.statusCode).toBe(400);
    const messages = res.json().issues.map((i: { message: string }) => i.message);
    expect(messages).toContain('Obligatoire');
    expect(messages).toContain('Attendu : texte, reçu : nombre');
  });

  it('limits registrations to 60 per 10 minutes per address', async () => {
    const ip = '127.99.0.1';
    let last = 0;
    for (let i = 0; i < 61; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: ip,
        payload: { username: 'x' },
      });
      last = res.statusCode;
      if (i < 60) {
        expect(res.statusCode).toBe(400);
      }
    }
    expect(last).toBe(429);
  });
});

describe('sign-in and sessions', () => {
  it('gives the same 401 for a wrong password and an unknown user', async () => {
    const { user } = await registerUser(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password: 'not-the-password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: uniqueName('ghost'), password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ code: 'unauthorized', message: 'Invalid username or password' });
  });

  it('requires both fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: '', password: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['password', 'username']);
  });

  it('rotates the session at login and ends it at logout', async () => {
    const { user, cookie, password } = await registerUser(t.app);
    const login = await call(t.app, cookie, {
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual(user);
    const fresh = sessionCookie(login);
    expect(fresh).not.toBe(cookie);
    expect((await call(t.app, cookie, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await call(t.app, fresh, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    const out = await call(t.app, fresh, { method: 'POST', url: '/api/logout' });
    expect(out.statusCode).toBe(204);
    const after = await call(t.app, fresh, { method: 'GET', url: '/api/user' });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ code: 'unauthorized', message: 'Please sign in' });
  });

  it('limits failed sign-ins per username from clients without a device cookie, with 429 and Retry-After', async () => {
    const { user, password } = await registerUser(t.app);
    for (let i = 0; i < 10; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: nextIp(),
        payload: { username: user.username, password: 'wrong-password' },
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: nextIp(),
      payload: { username: user.username, password },
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().code).toBe('rateLimited');
  });
});

/** Signs in from an untrusted client (no cookies); `cookie` adds a Cookie header. */
const attempt = (username: string, password: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: nextIp(),
    headers: cookie ? { cookie } : {},
    payload: { username, password },
  });

function deviceCookie(res: { cookies: { name: string; value: string }[] }): string {
  const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
  if (!cookie) {
    throw new Error('no device cookie');
  }
  return `${DEVICE_COOKIE}=${cookie.value}`;
}

/** What an attacker without the password does: enough wrong tries to lock the username for untrusted clients. */
async function lockUsername(username: string) {
  for (let i = 0; i < LOGIN_FAILURES_PER_USERNAME; i += 1) {
    expect((await attempt(username, 'wrong-password')).statusCode).toBe(401);
  }
  expect((await attempt(username, 'wrong-password')).statusCode).toBe(429);
}

/** Moves every failure of a username (any device) out of the window, as if it had passed. */
async function windowPasses(username: string) {
  await t.ctx.db
    .update(loginFailures)
    .set({ createdAt: sql`${loginFailures.createdAt} - make_interval(mins => ${LOGIN_WINDOW_MINUTES + 1})` })
    .where(eq(loginFailures.usernameKey, usernameKey(username)));
}

describe('login lockout', () => {
  it('is window-based for untrusted clients: locked tries add nothing and a correct password works after the window', async () => {
    const { user, password } = await registerUser(t.app);
    const key = usernameKey(user.username);
    for (let i = 0; i < LOGIN_FAILURES_PER_USERNAME; i += 1) {
      expect((await attempt(user.username.toUpperCase(), 'wrong-password')).statusCode).toBe(401);
    }
    const failures = async () =>
      (await t.ctx.db.select().from(loginFailures).where(eq(loginFailures.usernameKey, key))).length;
    // While locked, an attacker's tries are refused without being counted, so they cannot extend the lock.
    for (let i = 0; i < 5; i += 1) {
      const res = await attempt(user.username, 'wrong-password');
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_WINDOW_MINUTES * 60);
    }
    expect(await failures()).toBe(LOGIN_FAILURES_PER_USERNAME);
    expect((await attempt(user.username, password)).statusCode).toBe(429);
    // The window passes: the victim signs in from a new address and a new browser with the right password.
    await windowPasses(user.username);
    const back = await attempt(user.username, password);
    expect(back.statusCode).toBe(200);
    expect(back.json().id).toBe(user.id);
  });

  it("cannot stop the victim's known browser: its device cookie still signs in while the username is locked", async () => {
    const { user, password } = await registerUser(t.app);
    const first = await attempt(user.username, password);
    expect(first.statusCode).toBe(200);
    const device = deviceCookie(first);
    await lockUsername(user.username);
    expect((await attempt(user.username, password)).statusCode).toBe(429);
    // The victim's browser sends its device cookie (and an old session cookie, as a browser would).
    const victim = await attempt(user.username, password, `${device}; ${sessionCookie(first)}`);
    expect(victim.statusCode).toBe(200);
    expect(victim.json().id).toBe(user.id);
    expect((await call(t.app, sessionCookie(victim), { method: 'GET', url: '/api/user' })).statusCode).toBe(
      200,
    );
    // The device cookie is renewed at each sign-in; the one used is spent, so a copy of it is worth nothing.
    const renewed = deviceCookie(victim);
    expect(renewed).not.toBe(device);
    expect((await attempt(user.username, password, device)).statusCode).toBe(429);
    // A typo on the known browser counts against that browser, not against the username.
    const typo = await attempt(user.username, 'wrong-password', renewed);
    expect(typo.statusCode).toBe(401);
    const untrusted = await t.ctx.db
      .select()
      .from(loginFailures)
      .where(and(eq(loginFailures.usernameKey, usernameKey(user.username)), isNull(loginFailures.deviceId)));
    expect(untrusted).toHaveLength(LOGIN_FAILURES_PER_USERNAME);
    expect((await attempt(user.username, password, renewed)).statusCode).toBe(200);
  });

  it(`locks a device cookie itself after ${LOGIN_FAILURES_PER_DEVICE} failures in the window, and only that cookie`, async () => {
    const { user, password } = await registerUser(t.app);
    const device = deviceCookie(await attempt(user.username, password));
    for (let i = 0; i < LOGIN_FAILURES_PER_DEVICE; i += 1) {
      expect((await attempt(user.username, 'wrong-password', device)).statusCode).toBe(401);
    }
    const locked = await attempt(user.username, password, device);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('rateLimited');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_WINDOW_MINUTES * 60);
    // Refused tries on a locked cookie are not counted either.
    expect((await attempt(user.username, 'wrong-password', device)).statusCode).toBe(429);
    const onDevice = await t.ctx.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.usernameKey, usernameKey(user.username)));
    expect(onDevice).toHaveLength(LOGIN_FAILURES_PER_DEVICE);
    // A stolen device cookie's failures do not lock the user out elsewhere.
    expect((await attempt(user.username, password)).statusCode).toBe(200);
    await windowPasses(user.username);
    expect((await attempt(user.username, password, device)).statusCode).toBe(200);
  });

  it("does not let another user's device cookie through", async () => {
    const other = await registerUser(t.app);
    const othersDevice = deviceCookie(await attempt(other.user.username, other.password));
    const { user, password } = await registerUser(t.app);
    await lockUsername(user.username);
    const res = await attempt(user.username, password, othersDevice);
    expect(res.statusCode).toBe(429);
    expect(res.headers['set-cookie']).toBeUndefined();
    // Still good for its own user.
    expect((await attempt(other.user.username, other.password, othersDevice)).statusCode).toBe(200);
  });

  it('does not let a forged, unknown or expired device cookie through', async () => {
    const { user, password } = await registerUser(t.app);
    const signedIn = await attempt(user.username, password);
    const device = deviceCookie(signedIn);
    await lockUsername(user.username);
    const forged = [
      `${DEVICE_COOKIE}=${randomBytes(32).toString('base64url')}`,
      `${DEVICE_COOKIE}=`,
      `${DEVICE_COOKIE}=${'A'.repeat(4000)}`,
      `${DEVICE_COOKIE}=%00%27%3B%20DROP%20TABLE%20device_cookies%3B--`,
      // The session token is a secret of this user too, but not a device cookie.
      `${DEVICE_COOKIE}=${sessionCookie(signedIn).split('=')[1]}`,
      // Its hash, as stored, is not the cookie either.
      `${DEVICE_COOKIE}=${hashToken(device.split('=')[1] ?? '')}`,
    ];
    for (const cookie of forged) {
      const res = await attempt(user.username, password, cookie);
      expect(res.statusCode, cookie.slice(0, 60)).toBe(429);
    }
    // The real one, once it is older than its lifetime, is not trusted either.
    await t.ctx.db
      .update(deviceCookies)
      .set({ createdAt: sql`now() - make_interval(days => ${DEVICE_COOKIE_DAYS + 1})` })
      .where(eq(deviceCookies.userId, user.id));
    expect((await attempt(user.username, password, device)).statusCode).toBe(429);
  });

  it('forgets every device cookie at a password change', async () => {
    const { user, cookie, password } = await registerUser(t.app);
    const device = deviceCookie(await attempt(user.username, password));
    const changed = await call(t.app, cookie, {
      method: 'POST',
      url: '/api/user/password',
      payload: { currentPassword: password, newPassword: 'brand-new-password' },
    });
    expect(changed.statusCode).toBe(204);
    const fresh = deviceCookie(changed);
    await lockUsername(user.username);
    expect((await attempt(user.username, 'brand-new-password', device)).statusCode).toBe(429);
    expect((await attempt(user.username, 'brand-new-password', fresh)).statusCode).toBe(200);
  });

  it('sets the device cookie httpOnly, SameSite=Lax, only for the sign-in route, and Secure over HTTPS', async () => {
    const { user, password } = await registerUser(t.app);
    const plain = await attempt(user.username, password);
    const header = (res: { headers: Record<string, unknown> }, name: string) =>
      ([res.headers['set-cookie']].flat() as string[]).find((c) => c.startsWith(`${name}=`)) ?? '';
    const device = header(plain, DEVICE_COOKIE);
    expect(device).toContain('HttpOnly');
    expect(device).toContain('SameSite=Lax');
    expect(device).toContain('Path=/api/login');
    expect(device).toContain(`Max-Age=${DEVICE_COOKIE_DAYS * 24 * 3600}`);
    expect(device).not.toContain('Secure');
    // Behind a TLS-terminating proxy, both cookies are Secure, decided the same way.
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const secure = await registerUser(proxied.app);
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { username: secure.user.username, password: secure.password },
      });
      expect(res.statusCode).toBe(200);
      for (const name of ['terroir_sid', DEVICE_COOKIE]) {
        expect(header(res, name)).toContain('Secure');
        expect(header(res, name)).toContain('HttpOnly');
        expect(header(res, name)).toContain('SameSite=Lax');
      }
    } finally {
      await proxied.close();
    }
  });
});

describe('password change', () => {
  it('needs the current password, then ends every other session and keeps this one signed in', async () => {
    const { user, cookie, password } = await registerUser(t.app);
    const other = sessionCookie(
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: user.username, password },
      }),
    );
    const wrong = await call(t.app, cookie, {
      method: 'POST',
      url: '/api/user/password',
      payload: { currentPassword: 'not-it', newPassword: 'brand-new-password' },
    });
    expect(wrong.statusCode).toBe(403);
    expect((await call(t.app, other, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    const short = await call(t.app, cookie, {
      method: 'POST',
      url: '/api/user/password',
      payload: { currentPassword: password, newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    const ok = await call(t.app, cookie, {
      method: 'POST',
      url: '/api/user/password',
      payload: { currentPassword: password, newPassword: 'brand-new-password' },
    });
    expect(ok.statusCode).toBe(204);
    expect((await call(t.app, other, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await call(t.app, cookie, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await call(t.app, sessionCookie(ok), { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password: 'brand-new-password' },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('language', () => {
  it('stores the language and answers later errors in it', async () => {
    const { cookie } = await registerUser(t.app);
    const res = await call(t.app, cookie, {
      method: 'PATCH',
      url: '/api/user/language',
      payload: { language: 'fr' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().language).toBe('fr');
    const bad = await call(t.app, cookie, {
      method: 'PATCH',
      url: '/api/user/language',
      payload: { language: 'de' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Doit être l'une des valeurs");
    expect((await call(t.app, cookie, { method: 'GET', url: '/api/user' })).json().language).toBe('fr');
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/language',
      payload: { language: 'fr' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('request rules', () => {
  it('answers malformed JSON with a 400 JSON error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'badRequest', message: 'The request body is not valid JSON' });
  });

  it('refuses form-encoded and plain-text writes', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': type },
        payload: 'username=a&password=b',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe('unsupportedMediaType');
    }
  });

  it('refuses cross-origin writes and accepts same-origin ones', async () => {
    const { user, password } = await registerUser(t.app);
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'https://evil.example', host: 'terroir.example' },
      payload: { username: user.username, password },
    });
    expect(cross.statusCode).toBe(403);
    expect(cross.json().code).toBe('forbidden');
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'https://terroir.example', host: 'terroir.example' },
      payload: { username: user.username, password },
    });
    expect(same.statusCode).toBe(200);
  });

  it('refuses bodies over 1 MB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'x'.repeat(1_100_000), password: 'y' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payloadTooLarge');
  });

  it('answers unknown API paths with 404 JSON and unknown pages with the web app', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: 'notFound', message: 'No such API route: GET /api/nothing-here' });
    const page = await t.app.inject({ method: 'GET', url: '/some/client/route' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
  });

  it('sends security headers with a strict CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.ctx.database.kind });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('documents the API as OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/register', '/api/user']),
    );
  });
});

describe('idempotent writes', () => {
  it('replays the first answer for a repeated key and does not apply it again', async () => {
    const { cookie } = await registerUser(t.app);
    const send = (language: string, key: string) =>
      call(t.app, cookie, {
        method: 'PATCH',
        url: '/api/user/language',
        headers: { 'idempotency-key': key },
        payload: { language },
      });
    const first = await send('fr', 'key-1');
    expect(first.statusCode).toBe(200);
    expect((await send('en', 'key-2')).json().language).toBe('en');
    const replay = await send('fr', 'key-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect((await call(t.app, cookie, { method: 'GET', url: '/api/user' })).json().language).toBe('en');
  });

  it('refuses a key reused for another request', async () => {
    const { cookie } = await registerUser(t.app);
    await call(t.app, cookie, {
      method: 'PATCH',
      url: '/api/user/language',
      headers: { 'idempotency-key': 'k' },
      payload: { language: 'fr' },
    });
    const other = await call(t.app, cookie, {
      method: 'POST',
      url: '/api/logout',
      headers: { 'idempotency-key': 'k' },
    });
    expect(other.statusCode).toBe(409);
  });

  it('applies a key sent many times at once exactly once', async () => {
    const { cookie } = await registerUser(t.app);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t.app, cookie, {
          method: 'PATCH',
          url: '/api/user/language',
          headers: { 'idempotency-key': 'burst' },
          payload: { language: 'fr' },
        }),
      ),
    );
    const applied = results.filter((r) => r.statusCode === 200 && !r.headers['idempotent-replayed']);
    expect(applied).toHaveLength(1);
    for (const r of results) {
      expect([200, 409]).toContain(r.statusCode);
    }
  });
});

describe('live events', () => {
  it('streams a change made through the API to a signed-in listener', async () => {
    const { cookie } = await registerUser(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const received = new Promise<string>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: '/api/events', headers: { cookie } },
        (res) => {
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-type']).toContain('text/event-stream');
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString();
            if (text.includes('event: change')) {
              req.destroy();
              resolve(text);
            }
          });
          // The stream is open: make a change.
          void registerUser(t.app);
        },
      );
      req.on('error', reject);
      req.end();
    });
    const text = await received;
    expect(text).toMatch(/data: \{"type":"user","id":\d+\}/);
  });

  it('refuses anonymous listeners', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/events' });
    expect(res.statusCode).toBe(401);
  });
});
