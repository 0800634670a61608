import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  nextIp,
  registerUser,
  sessionCookie,
  type TestApp,
  uniqueName,
} from '../test/harness';

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

  it("answers a wrong password in the language the request names (the web sends its interface's)", async () => {
    const { user } = await registerUser(t.app, { language: 'en' });
    const wrong = (language: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: user.username, password: 'not-the-password' },
        headers: { 'accept-language': language },
      });
    expect((await wrong('fr')).json()).toEqual({
      code: 'unauthorized',
      message: "Nom d'utilisateur ou mot de passe incorrect",
    });
    expect((await wrong('en')).json()).toEqual({
      code: 'unauthorized',
      message: 'Invalid username or password',
    });
  });

  it("answers a signed-in user in their account's language, whatever the request names", async () => {
    const { cookie } = await registerUser(t.app, { language: 'fr' });
    const res = await call(t.app, cookie, {
      method: 'PATCH',
      url: '/api/user/language',
      payload: { language: 'de' },
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("Doit être l'une des valeurs");
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
      headers: { origin: 'http://terroir.example', host: 'terroir.example' },
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
    // An API answer loads nothing and may be framed by no one; a page of the app loads only its own scripts.
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const page = await t.app.inject({ method: 'GET', url: '/marketplace' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
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

  it('remembers a key for 30 days (an outbox on a phone may replay that late), not longer', async () => {
    const { cookie, user } = await registerUser(t.app);
    const send = (key: string) =>
      call(t.app, cookie, {
        method: 'PATCH',
        url: '/api/user/language',
        headers: { 'idempotency-key': key },
        payload: { language: 'fr' },
      });
    await send('old-29');
    await send('old-31');
    await t.ctx.db.execute(sql`update idempotency_keys set created_at = now() - interval '29 days'
      where user_id = ${user.id} and key = 'old-29'`);
    await t.ctx.db.execute(sql`update idempotency_keys set created_at = now() - interval '31 days'
      where user_id = ${user.id} and key = 'old-31'`);
    expect((await send('old-29')).headers['idempotent-replayed']).toBe('true');
    expect((await send('old-31')).headers['idempotent-replayed']).toBeUndefined();
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
    expect(other.statusCode).toBe(422);
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
      if (r.statusCode === 409) {
        // Still being processed: "not yet", with Retry-After, so a client keeps the same key.
        expect(r.headers['retry-after']).toBe('1');
      }
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
