// Password reset by a code sent to the proven number: for a farmer registered by USSD (no password) as for anyone;
// the same answer whatever exists; a single-use hashed code that expires and locks; the number's code allowance
// shared with phone verification; every other session ended, on every instance.
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { outboundWorker } from '../notifications/outbound-worker';
import { userWithRole } from '../test/factories';
import {
  call,
  createSecondInstance,
  createTestApp,
  drainBus,
  nextIp,
  registerUser,
  sessionCookie,
  type TestApp,
  uniqueName,
} from '../test/harness';
import { type ProviderStandIn, smsProviderEnv, startProviderStandIn } from '../test/provider-stand-in';
import { setVerifiedPhone } from '../users/phone.repo';
import { registerByPhone } from './auth.service';
import { RESET_CODE_TRIES, RESET_REQUESTS_PER_SOURCE } from './password-reset.service';

const onPostgres = process.env.TEST_DB === 'postgres';

let stand: ProviderStandIn;
let t: TestApp;
let numbers = 0;

beforeAll(async () => {
  stand = await startProviderStandIn();
  t = await createTestApp({
    ...smsProviderEnv(stand, 'callback-key-0123456789'),
    DEFAULT_COUNTRY_CODE: '+237',
    OUTBOUND_POLL_MS: '600000',
  });
});
afterAll(async () => {
  await t.close();
  await stand.close();
});
beforeEach(() => {
  stand.sms.length = 0;
});

const nextPhone = () => {
  numbers += 1;
  return `+23765${String(3_000_000 + numbers * 4421).padStart(7, '0')}`;
};

const post = (url: string, payload: object, ip = nextIp(), cookie?: string) =>
  t.app.inject({ method: 'POST', url, remoteAddress: ip, payload, headers: cookie ? { cookie } : {} });
const ask = (account: string, ip?: string) => post('/api/password-reset/request', { account }, ip);
const confirm = (account: string, code: string, newPassword = 'a-brand-new-password', ip?: string) =>
  post('/api/password-reset/confirm', { account, code, newPassword }, ip);

/** The codes the stand-in received for `phone` since the last look (the queue run once). */
async function codesSentTo(phone: string): Promise<{ code: string; text: string }[]> {
  await outboundWorker.of(t.ctx).runOnce();
  const texts = stand.sms.filter((m) => m.form.to === phone).map((m) => m.form.message ?? '');
  stand.sms.length = 0;
  return texts.map((text) => ({ code: /\d{6}/.exec(text)?.[0] ?? '', text }));
}

/** A farmer registered by USSD: a proven number and a PIN, a password nobody knows. */
async function ussdFarmer(language: 'en' | 'fr' = 'fr') {
  const phone = nextPhone();
  const user = await registerByPhone(t.ctx, { username: uniqueName('ussd'), pin: '2468', language, phone });
  if (!user) {
    throw new Error('not registered');
  }
  return { user, phone };
}

/** A web user with an open session who proved a number. */
async function webUserWithPhone() {
  const session = await userWithRole(t.app, t.ctx, 'buyer');
  const phone = nextPhone();
  await setVerifiedPhone(t.ctx.db, session.user.id, {
    e164: phone,
    countryCode: '+237',
    phoneNumber: phone.slice(4),
    via: 'sms',
  });
  return { ...session, phone };
}

const me = (cookie: string) => call(t.app, cookie, { method: 'GET', url: '/api/user' });
const signIn = (username: string, password: string) => post('/api/login', { username, password });

describe('password reset by a code to the proven number', () => {
  it('lets a farmer registered by USSD choose a password: code in their language, by their number as dialled', async () => {
    const { user, phone } = await ussdFarmer('fr');
    // The number as dialled at home (the deployment's country code is +237).
    const asked = await ask(`0${phone.slice(4, 7)} ${phone.slice(7)}`);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ codeValidMinutes: 10 });
    const [sms, ...more] = await codesSentTo(phone);
    expect(more).toHaveLength(0);
    expect(sms?.text).toMatch(
      /^Terroir : votre code pour choisir un nouveau mot de passe est \d{6}\. Valable 10 min\./,
    );
    const done = await confirm(phone, sms?.code ?? '');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().id).toBe(user.id);
    expect((await me(sessionCookie(done))).statusCode).toBe(200);
    expect((await signIn(user.username, 'a-brand-new-password')).statusCode).toBe(200);
    // Single-use.
    expect((await confirm(phone, sms?.code ?? '', 'yet-another-password')).statusCode).toBe(422);
  });

  it('ends every other session and device cookie of the account, and keeps only the code’s hash', async () => {
    const { user, cookie, phone } = await webUserWithPhone();
    const other = await signIn(user.username, 'correct-horse-battery');
    expect((await ask(user.username)).statusCode).toBe(202);
    const [sms] = await codesSentTo(phone);
    const stored = rowsOf<{ code_hash: string }>(
      await t.ctx.db.execute(sql`select code_hash from password_resets where user_id = ${user.id}`),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.code_hash).not.toContain(sms?.code ?? '');
    const queued = rowsOf<{ body: string | null }>(
      await t.ctx.db.execute(sql`select body from outbound_messages where user_id = ${user.id}`),
    );
    expect(queued).toEqual([{ body: null }]);

    const done = await confirm(user.username.toUpperCase(), sms?.code ?? '');
    expect(done.statusCode, done.body).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(sessionCookie(other))).statusCode).toBe(401);
    expect((await me(sessionCookie(done))).statusCode).toBe(200);
    expect((await signIn(user.username, 'correct-horse-battery')).statusCode).toBe(401);
    expect((await signIn(user.username, 'a-brand-new-password')).statusCode).toBe(200);
    expect(
      rowsOf(await t.ctx.db.execute(sql`select 1 from device_cookies where user_id = ${user.id}`)),
    ).toHaveLength(2);
  });

  it('answers the same whatever exists, and sends only to a proven number', async () => {
    const noPhone = await registerUser(t.app, { phoneNumber: '677 00 11 22', countryCode: '+237' });
    const answers: LightMyRequestResponse[] = [
      await ask(uniqueName('ghost')),
      await ask(nextPhone()),
      await ask(noPhone.user.username),
      await ask('+237677001122'),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ codeValidMinutes: 10 });
    }
    await outboundWorker.of(t.ctx).runOnce();
    expect(stand.sms).toHaveLength(0);
    // Confirming for them says only that the code is not right.
    const refusals = [
      await confirm(uniqueName('ghost'), '123456'),
      await confirm(noPhone.user.username, '123456'),
    ];
    const { user } = await webUserWithPhone();
    refusals.push(await confirm(user.username, '123456'));
    for (const refusal of refusals) {
      expect(refusal.statusCode).toBe(422);
      expect(refusal.json()).toEqual(refusals[0]?.json());
    }
    expect(refusals[0]?.json().message).toBe('This code is wrong or has expired: ask for a new one');
  });

  it(`dies after ${RESET_CODE_TRIES} wrong tries and after 10 minutes`, async () => {
    const { user, phone } = await ussdFarmer('en');
    await ask(phone);
    const [sms] = await codesSentTo(phone);
    const right = sms?.code ?? '';
    const wrong = right === '111111' ? '222222' : '111111';
    for (let i = 0; i < RESET_CODE_TRIES; i += 1) {
      expect((await confirm(phone, wrong)).statusCode).toBe(422);
    }
    expect((await confirm(phone, right)).statusCode).toBe(422);

    await ask(user.username);
    const [fresh] = await codesSentTo(phone);
    await t.ctx.db.execute(
      sql`update password_resets set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    expect((await confirm(phone, fresh?.code ?? '')).statusCode).toBe(422);
    expect((await signIn(user.username, 'a-brand-new-password')).statusCode).toBe(401);
  });

  it('shares the number’s code allowance with phone verification: 3 an hour, silently', async () => {
    const { user, phone } = await ussdFarmer('en');
    const someone = await userWithRole(t.app, t.ctx, 'buyer');
    const proving = await call(t.app, someone.cookie, {
      method: 'POST',
      url: '/api/user/phone',
      payload: { countryCode: '+237', phoneNumber: phone.slice(4) },
    });
    expect(proving.statusCode, proving.body).toBe(202);
    for (let i = 0; i < 4; i += 1) {
      expect((await ask(user.username)).statusCode).toBe(202);
    }
    expect(await codesSentTo(phone)).toHaveLength(3);
    const another = await userWithRole(t.app, t.ctx, 'buyer');
    const again = await call(t.app, another.cookie, {
      method: 'POST',
      url: '/api/user/phone',
      payload: { countryCode: '+237', phoneNumber: phone.slice(4) },
    });
    expect(again.statusCode).toBe(429);
  });

  it(`limits requests to ${RESET_REQUESTS_PER_SOURCE[0]?.count} an hour per network, whatever the accounts`, async () => {
    const ip = nextIp();
    const limit = RESET_REQUESTS_PER_SOURCE[0]?.count ?? 0;
    for (let i = 0; i < limit; i += 1) {
      expect((await ask(uniqueName('ghost'), ip)).statusCode).toBe(202);
    }
    const refused = await ask(uniqueName('ghost'), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rateLimited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ask(uniqueName('ghost'), nextIp())).statusCode).toBe(202);
  });
});

describe.runIf(onPostgres)('two instances', () => {
  it('end the account’s sessions on the other instance too', async () => {
    const second = await createSecondInstance(t);
    try {
      const { user, phone } = await webUserWithPhone();
      const there = await second.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: nextIp(),
        payload: { username: user.username, password: 'correct-horse-battery' },
      });
      const thereCookie = sessionCookie(there);
      expect((await call(second.app, thereCookie, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
      await ask(phone);
      const [sms] = await codesSentTo(phone);
      expect((await confirm(phone, sms?.code ?? '')).statusCode).toBe(200);
      await drainBus(second);
      expect((await call(second.app, thereCookie, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });
});
