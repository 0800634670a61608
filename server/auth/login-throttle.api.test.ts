import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
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
import { deviceCookies, loginFailures } from './auth.schema';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS } from './device-cookies';
import {
  LOGIN_DELAY_CAP_SECONDS,
  LOGIN_FAILURES_PER_DEVICE,
  LOGIN_FAILURES_PER_IP,
  LOGIN_FAILURES_PER_USERNAME,
  LOGIN_WINDOW_MINUTES,
} from './login-throttle';
import { hashToken } from './sessions';
import { usernameKey } from './user-accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Signs in from address `ip`; `cookie` adds a Cookie header. */
const attemptFrom = (ip: string, username: string, password: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
    payload: { username, password },
  });

/** Signs in from a new address, without cookies unless `cookie` is given. */
const attempt = (username: string, password: string, cookie?: string) =>
  attemptFrom(nextIp(), username, password, cookie);

function deviceCookie(res: { cookies: { name: string; value: string }[] }): string {
  const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
  if (!cookie) {
    throw new Error('no device cookie');
  }
  return `${DEVICE_COOKIE}=${cookie.value}`;
}

const retryAfter = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);

/** The recorded failures of a username (any address, any device). */
const failuresOf = async (username: string) =>
  (
    await t.ctx.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.usernameKey, usernameKey(username)))
  ).length;

/** Moves every failure of a username `seconds` into the past, as if that time had passed. */
async function timePasses(username: string, seconds: number) {
  await t.ctx.db
    .update(loginFailures)
    .set({ createdAt: sql`${loginFailures.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(loginFailures.usernameKey, usernameKey(username)));
}

/** Moves every failure of a username (any device) out of the window. */
const windowPasses = (username: string) => timePasses(username, (LOGIN_WINDOW_MINUTES + 1) * 60);

/** A guesser's addresses: a few networks, each used again and again. */
const guesserAddresses = () => Array.from({ length: 4 }, () => nextIp());

/**
 * What a guesser on several addresses does: a wrong password from one of them each time the account lets one
 * through, until the account's delay reaches its cap. Checks each delay and answers them in order, and the
 * addresses it used (each has failed on the account, so each waits for the account's delay).
 */
async function slowDown(
  username: string,
  addresses = guesserAddresses(),
): Promise<{
  delays: number[];
  addresses: string[];
}> {
  let turn = 0;
  const from = () => addresses[turn++ % addresses.length] ?? '';
  for (let i = 0; i <= LOGIN_FAILURES_PER_USERNAME; i += 1) {
    expect((await attemptFrom(from(), username, 'wrong-password')).statusCode).toBe(401);
  }
  const delays: number[] = [];
  for (let excess = 1; ; excess += 1) {
    const refused = await attemptFrom(from(), username, 'wrong-password');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rateLimited');
    const wait = Math.min(2 ** excess, LOGIN_DELAY_CAP_SECONDS);
    expect(retryAfter(refused)).toBeLessThanOrEqual(wait);
    expect(retryAfter(refused)).toBeGreaterThan(wait / 2);
    delays.push(retryAfter(refused));
    if (wait === LOGIN_DELAY_CAP_SECONDS) {
      return { delays, addresses };
    }
    await timePasses(username, wait);
    expect((await attemptFrom(from(), username, 'wrong-password')).statusCode).toBe(401);
  }
}

describe('failed sign-ins per address', () => {
  it(`refuse one address on one account after ${LOGIN_FAILURES_PER_USERNAME}, never a correct password from another address`, async () => {
    const { user, password } = await registerUser(t.app);
    const other = await registerUser(t.app);
    const attacker = nextIp();
    for (let i = 0; i < LOGIN_FAILURES_PER_USERNAME; i += 1) {
      const res = await attemptFrom(attacker, user.username.toUpperCase(), 'wrong-password');
      expect(res.statusCode).toBe(401);
    }
    // Refused tries are not counted, so they cannot extend anything.
    for (let i = 0; i < 5; i += 1) {
      const res = await attemptFrom(attacker, user.username, 'wrong-password');
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe('rateLimited');
      expect(retryAfter(res)).toBeGreaterThan(0);
      expect(retryAfter(res)).toBeLessThanOrEqual(LOGIN_WINDOW_MINUTES * 60);
    }
    expect(await failuresOf(user.username)).toBe(LOGIN_FAILURES_PER_USERNAME);
    expect((await attemptFrom(attacker, user.username, password)).statusCode).toBe(429);
    // The address may still sign in as somebody else: its own limit counts all usernames and has room.
    expect((await attemptFrom(attacker, other.user.username, other.password)).statusCode).toBe(200);
    // The owner, from another address and a new browser, is not refused at all.
    const owner = await attempt(user.username, password);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().id).toBe(user.id);
    // The window passes: the address may try again.
    await windowPasses(user.username);
    expect((await attemptFrom(attacker, user.username, password)).statusCode).toBe(200);
  });

  it('answers an unknown username exactly like a known one', async () => {
    const { user } = await registerUser(t.app);
    const ghost = uniqueName('ghost');
    const ip = nextIp();
    for (let i = 0; i < LOGIN_FAILURES_PER_USERNAME; i += 1) {
      const known = await attemptFrom(ip, user.username, 'wrong-password');
      const unknown = await attemptFrom(ip, ghost, 'wrong-password');
      expect([known.statusCode, unknown.statusCode]).toEqual([401, 401]);
      expect(known.json()).toEqual(unknown.json());
    }
    const known = await attemptFrom(ip, user.username, 'wrong-password');
    const unknown = await attemptFrom(ip, ghost, 'wrong-password');
    expect([known.statusCode, unknown.statusCode]).toEqual([429, 429]);
    expect(known.json()).toEqual(unknown.json());
  });

  it(`refuse an address after ${LOGIN_FAILURES_PER_IP} failures on any usernames, and only that address`, async () => {
    const { user, password } = await registerUser(t.app);
    const ip = nextIp();
    await t.ctx.db
      .insert(loginFailures)
      .values(
        Array.from({ length: LOGIN_FAILURES_PER_IP - 1 }, (_, i) => ({ usernameKey: `nobody_${i}`, ip })),
      );
    expect((await attemptFrom(ip, uniqueName('ghost'), 'wrong-password')).statusCode).toBe(401);
    const refused = await attemptFrom(ip, user.username, password);
    expect(refused.statusCode).toBe(429);
    expect(retryAfter(refused)).toBeGreaterThan(0);
    expect((await attempt(user.username, password)).statusCode).toBe(200);
  });

  it('let a burst of concurrent tries through no further than the limits', async () => {
    const { user } = await registerUser(t.app);
    const ip = nextIp();
    const fromOne = await Promise.all(
      Array.from({ length: 25 }, () => attemptFrom(ip, user.username, 'wrong-password')),
    );
    const counted = fromOne.filter((r) => r.statusCode === 401).length;
    expect(counted).toBeLessThanOrEqual(LOGIN_FAILURES_PER_USERNAME);
    expect(fromOne.filter((r) => r.statusCode === 429)).toHaveLength(25 - counted);
    expect(await failuresOf(user.username)).toBe(counted);

    // From five addresses: each address's first try, and the account's allowance before its delay.
    const spread = await registerUser(t.app);
    const addresses = Array.from({ length: 5 }, () => nextIp());
    const fromMany = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        attemptFrom(addresses[i % 5] ?? '', spread.user.username, 'wrong-password'),
      ),
    );
    const spreadCounted = fromMany.filter((r) => r.statusCode === 401).length;
    expect(spreadCounted).toBeLessThanOrEqual(LOGIN_FAILURES_PER_USERNAME + 1 + addresses.length);
    expect(fromMany.filter((r) => r.statusCode === 429)).toHaveLength(25 - spreadCounted);
  });
});

describe('the account-wide delay', () => {
  it(`makes the addresses that failed wait a growing delay of at most ${LOGIN_DELAY_CAP_SECONDS} s, never an address that did not fail`, async () => {
    const { user, password } = await registerUser(t.app);
    const device = deviceCookie(await attempt(user.username, password));
    const { delays, addresses } = await slowDown(user.username);
    const [guesser = ''] = addresses;
    expect(delays.length).toBeGreaterThan(2);
    for (let i = 1; i < delays.length; i += 1) {
      expect(delays[i]).toBeGreaterThan(delays[i - 1] ?? 0);
    }
    // A try refused while waiting is not counted.
    const before = await failuresOf(user.username);
    expect((await attemptFrom(guesser, user.username, 'wrong-password')).statusCode).toBe(429);
    expect(await failuresOf(user.username)).toBe(before);
    // The right password from a guesser's address waits too, at most the cap, and never a window.
    const waiting = await attemptFrom(guesser, user.username, password);
    expect(waiting.statusCode).toBe(429);
    expect(retryAfter(waiting)).toBeLessThanOrEqual(LOGIN_DELAY_CAP_SECONDS);
    // The owner's browser that signed in before is not delayed at all, even from that address...
    expect((await attemptFrom(guesser, user.username, password, device)).statusCode).toBe(200);
    // ...and neither is a new browser on a network that did not fail on the account.
    expect((await attempt(user.username, password)).statusCode).toBe(200);
    await timePasses(user.username, LOGIN_DELAY_CAP_SECONDS);
    expect((await attemptFrom(guesser, user.username, password)).statusCode).toBe(200);
  });
});

describe('an attacker keeping the owner out', () => {
  /** Addresses of one IPv6 network (a /64: one subscriber's), a new one at every call. */
  let hosts = 0;
  const inNetwork = (prefix: string) => {
    hosts += 1;
    return `${prefix}:${(hosts & 0xffff).toString(16)}:${((hosts * 7919) & 0xffff).toString(16)}:0:1`;
  };

  it('cannot, by failing from its network each time the lock lifts: the owner signs in from another, on a new browser', async () => {
    const { user, password } = await registerUser(t.app);
    const network = '2001:db8:77:1';
    for (let round = 0; round < 3; round += 1) {
      // The attacker fails from its network, on a new address of it each time, until it is refused...
      for (let i = 0; i < LOGIN_FAILURES_PER_USERNAME; i += 1) {
        expect((await attemptFrom(inNetwork(network), user.username, 'wrong-password')).statusCode).toBe(401);
      }
      // ...and stays refused on every address of it, even with the right password.
      for (const guess of ['wrong-password', password]) {
        const refused = await attemptFrom(inNetwork(network), user.username, guess);
        expect(refused.statusCode).toBe(429);
        expect(retryAfter(refused)).toBeGreaterThan(LOGIN_DELAY_CAP_SECONDS);
      }
      // The owner, on a browser never used and another network, is let in at once.
      const owner = await attempt(user.username, password);
      expect(owner.statusCode, `round ${round}`).toBe(200);
      expect(owner.json().id).toBe(user.id);
      await windowPasses(user.username);
    }
  });

  it('cannot from several networks at once either, keeping the account at its delay', async () => {
    const { user, password } = await registerUser(t.app);
    const { addresses } = await slowDown(user.username, [
      inNetwork('2001:db8:78:1'),
      inNetwork('2001:db8:78:2'),
      nextIp(),
      nextIp(),
    ]);
    for (let lift = 0; lift < 5; lift += 1) {
      // One wrong password each time the delay lifts...
      await timePasses(user.username, LOGIN_DELAY_CAP_SECONDS);
      const from = addresses[lift % addresses.length] ?? '';
      expect((await attemptFrom(from, user.username, 'wrong-password')).statusCode).toBe(401);
      expect((await attemptFrom(from, user.username, password)).statusCode).toBe(429);
      // ...does not keep the owner out of a new browser elsewhere.
      expect((await attempt(user.username, password)).statusCode).toBe(200);
    }
  });
});

describe('password change', () => {
  const change = (cookie: string, ip: string, currentPassword: string) =>
    call(t.app, cookie, {
      method: 'POST',
      url: '/api/user/password',
      remoteAddress: ip,
      payload: { currentPassword, newPassword: 'brand-new-password' },
    });

  it(`counts a wrong current password as a failed sign-in: after ${LOGIN_FAILURES_PER_USERNAME}, that address is refused, even with the right one`, async () => {
    const { user, cookie, password } = await registerUser(t.app);
    const thief = nextIp();
    for (let i = 0; i < LOGIN_FAILURES_PER_USERNAME; i += 1) {
      const res = await change(cookie, thief, `guess-number-${i}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
    const rows = await t.ctx.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.usernameKey, usernameKey(user.username)));
    expect(rows).toHaveLength(LOGIN_FAILURES_PER_USERNAME);
    expect(rows.every((r) => r.ip === thief && r.deviceId === null)).toBe(true);
    const refused = await change(cookie, thief, password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rateLimited');
    expect(retryAfter(refused)).toBeGreaterThan(0);
    expect(retryAfter(refused)).toBeLessThanOrEqual(LOGIN_WINDOW_MINUTES * 60);
    // They are sign-in failures of the account from that address...
    expect((await attemptFrom(thief, user.username, password)).statusCode).toBe(429);
    // ...and refuse nobody elsewhere.
    expect((await attempt(user.username, password)).statusCode).toBe(200);
    expect((await change(cookie, nextIp(), password)).statusCode).toBe(204);
  });
});

describe('device cookies', () => {
  it("cannot stop the victim's known browser: its device cookie still signs in while the account makes others wait", async () => {
    const { user, password } = await registerUser(t.app);
    const first = await attempt(user.username, password);
    expect(first.statusCode).toBe(200);
    const device = deviceCookie(first);
    const {
      addresses: [guesser = ''],
    } = await slowDown(user.username);
    expect((await attemptFrom(guesser, user.username, password)).statusCode).toBe(429);
    // The victim's browser sends its device cookie (and an old session cookie, as a browser would), even from a
    // network the guesser shares.
    const victim = await attemptFrom(guesser, user.username, password, `${device}; ${sessionCookie(first)}`);
    expect(victim.statusCode).toBe(200);
    expect(victim.json().id).toBe(user.id);
    expect((await call(t.app, sessionCookie(victim), { method: 'GET', url: '/api/user' })).statusCode).toBe(
      200,
    );
    // The device cookie is renewed at each sign-in; the one used is spent, so a copy of it is worth nothing.
    const renewed = deviceCookie(victim);
    expect(renewed).not.toBe(device);
    expect((await attemptFrom(guesser, user.username, password, device)).statusCode).toBe(429);
    // A typo on the known browser counts against that browser, not against the account.
    const untrusted = () =>
      t.ctx.db
        .select()
        .from(loginFailures)
        .where(
          and(eq(loginFailures.usernameKey, usernameKey(user.username)), isNull(loginFailures.deviceId)),
        );
    const before = (await untrusted()).length;
    const typo = await attemptFrom(guesser, user.username, 'wrong-password', renewed);
    expect(typo.statusCode).toBe(401);
    expect(await untrusted()).toHaveLength(before);
    expect((await attemptFrom(guesser, user.username, password, renewed)).statusCode).toBe(200);
  });

  it(`refuses a device cookie itself after ${LOGIN_FAILURES_PER_DEVICE} failures in the window, and only that cookie`, async () => {
    const { user, password } = await registerUser(t.app);
    const device = deviceCookie(await attempt(user.username, password));
    for (let i = 0; i < LOGIN_FAILURES_PER_DEVICE; i += 1) {
      expect((await attempt(user.username, 'wrong-password', device)).statusCode).toBe(401);
    }
    const locked = await attempt(user.username, password, device);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('rateLimited');
    expect(retryAfter(locked)).toBeGreaterThan(0);
    expect(retryAfter(locked)).toBeLessThanOrEqual(LOGIN_WINDOW_MINUTES * 60);
    // Refused tries on a refused cookie are not counted either.
    expect((await attempt(user.username, 'wrong-password', device)).statusCode).toBe(429);
    expect(await failuresOf(user.username)).toBe(LOGIN_FAILURES_PER_DEVICE);
    // A stolen device cookie's failures do not keep the user out elsewhere.
    expect((await attempt(user.username, password)).statusCode).toBe(200);
    await windowPasses(user.username);
    expect((await attempt(user.username, password, device)).statusCode).toBe(200);
  });

  it("does not let another user's device cookie through", async () => {
    const other = await registerUser(t.app);
    const othersDevice = deviceCookie(await attempt(other.user.username, other.password));
    const { user, password } = await registerUser(t.app);
    const {
      addresses: [guesser = ''],
    } = await slowDown(user.username);
    const res = await attemptFrom(guesser, user.username, password, othersDevice);
    expect(res.statusCode).toBe(429);
    expect(res.headers['set-cookie']).toBeUndefined();
    // Still good for its own user.
    expect((await attempt(other.user.username, other.password, othersDevice)).statusCode).toBe(200);
  });

  it('does not let a forged, unknown or expired device cookie through', async () => {
    const { user, password } = await registerUser(t.app);
    const signedIn = await attempt(user.username, password);
    const device = deviceCookie(signedIn);
    const {
      addresses: [guesser = ''],
    } = await slowDown(user.username);
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
      const res = await attemptFrom(guesser, user.username, password, cookie);
      expect(res.statusCode, cookie.slice(0, 60)).toBe(429);
    }
    // The real one, once it is older than its lifetime, is not trusted either.
    await t.ctx.db
      .update(deviceCookies)
      .set({ createdAt: sql`now() - make_interval(days => ${DEVICE_COOKIE_DAYS + 1})` })
      .where(eq(deviceCookies.userId, user.id));
    expect((await attemptFrom(guesser, user.username, password, device)).statusCode).toBe(429);
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
    const {
      addresses: [guesser = ''],
    } = await slowDown(user.username);
    expect((await attemptFrom(guesser, user.username, 'brand-new-password', device)).statusCode).toBe(429);
    expect((await attemptFrom(guesser, user.username, 'brand-new-password', fresh)).statusCode).toBe(200);
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
