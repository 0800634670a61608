// SMS and WhatsApp through the real server against a local stand-in that speaks Africa's Talking's and the
// WhatsApp Cloud API's formats: proving a phone, messages queued with their notification and handed over once,
// retries, refusals, lost answers resolved by delivery reports, signatures, preferences and quiet hours.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TNotification, TNotificationPreferences, TPhoneStatus } from '../../contract/notifications';
import { smsLength } from '../channels/sms-text';
import { rowsOf } from '../db/client';
import { userWithRole } from '../test/factories';
import {
  call,
  createSecondInstance,
  createTestApp,
  registerUser,
  type Session,
  type TestApp,
} from '../test/harness';
import {
  type ProviderStandIn,
  smsDeliveryReportForm,
  smsProviderEnv,
  startProviderStandIn,
  whatsAppInboundWebhook,
  whatsAppStatusWebhook,
} from '../test/provider-stand-in';
import { outboundWorker } from './outbound-worker';

const CALLBACK_KEY = 'callback-key-0123456789';
const onPostgres = process.env.TEST_DB === 'postgres';

let stand: ProviderStandIn;
let t: TestApp;
let numbers = 0;

beforeAll(async () => {
  stand = await startProviderStandIn();
  t = await createTestApp({
    ...smsProviderEnv(stand, CALLBACK_KEY),
    AT_SENDER_ID: 'TERROIR',
    WHATSAPP_TOKEN: 'wa-secret-token',
    WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
    WHATSAPP_APP_SECRET: stand.appSecret,
    WHATSAPP_VERIFY_TOKEN: 'verify-me-please',
    WHATSAPP_API_BASE: stand.url,
    PUBLIC_URL: 'https://terroir.example',
    // Only the tests run the queue (runOnce), so each step is seen.
    OUTBOUND_POLL_MS: '600000',
    // Long enough for a loaded CI machine to answer on localhost; the hanging stand-in (hangMs) outlasts it.
    OUTBOUND_TIMEOUT_MS: '1500',
  });
});
afterAll(async () => {
  await t.close();
  await stand.close();
});
beforeEach(() => {
  stand.sms.length = 0;
  stand.whatsapp.length = 0;
});

const send = (
  session: Session | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => call(t.app, session?.cookie ?? null, { method, url, ...(payload ? { payload } : {}) });

/** A fresh Cameroonian number per test. */
function nextNumber(): { countryCode: string; phoneNumber: string } {
  numbers += 1;
  const national = `6${String(70_000_000 + numbers * 7919).padStart(8, '0')}`;
  return { countryCode: '+237', phoneNumber: `${national.slice(0, 3)} ${national.slice(3)}` };
}

const e164Of = (phone: { countryCode: string; phoneNumber: string }) =>
  `${phone.countryCode}${phone.phoneNumber.replaceAll(' ', '')}`;

interface OutboundRow {
  id: number;
  channel: string;
  status: string;
  attempts: number;
  error: string | null;
  provider_message_id: string | null;
  via_template: boolean;
  due_at: string;
}

async function outboxOf(userId: number): Promise<OutboundRow[]> {
  return rowsOf<OutboundRow>(
    await t.ctx.db.execute(
      sql`select * from outbound_messages where user_id = ${userId} and notification_id is not null order by id`,
    ),
  );
}

/** A user who proved a number by SMS (or WhatsApp), reading the code from the message the stand-in received. */
async function verifiedUser(
  options: { role?: 'farmer' | 'buyer'; language?: 'en' | 'fr'; channel?: 'sms' | 'whatsapp' } = {},
) {
  const session = await userWithRole(t.app, t.ctx, options.role ?? 'farmer');
  if (options.language) {
    await send(session, 'PATCH', '/api/user/language', { language: options.language });
    session.user = { ...session.user, language: options.language };
  }
  const phone = nextNumber();
  const channel = options.channel ?? 'sms';
  const asked = await send(session, 'POST', '/api/user/phone', { ...phone, channel });
  expect(asked.statusCode, asked.body).toBe(202);
  await outboundWorker.of(t.ctx).runOnce();
  const text =
    channel === 'sms'
      ? stand.sms.at(-1)?.form.message
      : JSON.stringify((stand.whatsapp.at(-1)?.body as { template?: unknown })?.template);
  const code = /\d{6}/.exec(text ?? '')?.[0];
  expect(code, text).toBeDefined();
  const ok = await send(session, 'POST', '/api/user/phone/verify', { code });
  expect(ok.statusCode, ok.body).toBe(200);
  stand.sms.length = 0;
  stand.whatsapp.length = 0;
  return { session, phone };
}

async function listing(farmer: Session, name = 'Maïs jaune') {
  const res = await send(farmer, 'POST', '/api/commodities', { name, quantity: 10, price: 250, grade: 'A' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>();
}

async function bidOn(commodityId: number, price = 260) {
  const buyer = await registerUser(t.app, { role: 'buyer' });
  const res = await send(buyer, 'POST', '/api/bids', { commodityId, price });
  expect(res.statusCode, res.body).toBe(201);
  return buyer;
}

describe('proving a phone number', () => {
  it('sends a 6-digit code by SMS in the user’s language, counts wrong tries and limits resending', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    await send(farmer, 'PATCH', '/api/user/language', { language: 'fr' });
    const phone = nextNumber();
    const asked = await send(farmer, 'POST', '/api/user/phone', phone);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json<TPhoneStatus>().pending).toMatchObject({
      phone: e164Of(phone),
      channel: 'sms',
      triesLeft: 5,
    });
    // Nothing leaves the process in the request: the queue sends it.
    expect(stand.sms).toHaveLength(0);
    await outboundWorker.of(t.ctx).runOnce();
    expect(stand.sms).toHaveLength(1);
    const [sms] = stand.sms;
    expect(sms?.headers.apikey).toBe('at-secret-key');
    expect(sms?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(sms?.headers.accept).toBe('application/json');
    expect(sms?.form).toMatchObject({ username: 'terroir', to: e164Of(phone), from: 'TERROIR' });
    expect(sms?.form.message).toMatch(/^Code Terroir : \d{6}\. Valable 10 min\./);
    expect(smsLength(sms?.form.message ?? '').segments).toBe(1);

    const wrong = await send(farmer, 'POST', '/api/user/phone/verify', {
      code: '000000' === code(sms) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<{ message: string }>().message).toContain('4');
    const again = await send(farmer, 'POST', '/api/user/phone', phone);
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBeDefined();

    const right = await send(farmer, 'POST', '/api/user/phone/verify', { code: code(sms) });
    expect(right.statusCode, right.body).toBe(200);
    const status = right.json<TPhoneStatus>();
    expect(status.verifiedPhone).toBe(e164Of(phone));
    expect(status.verifiedVia).toBe('sms');
    expect(status.channels.map((c) => c.state)).toEqual(['connected', 'connected']);
    expect(status.channels[0]?.lastDelivery?.status).toBe('sent');
    // The code is not kept once sent, and a used one is gone.
    const codes = rowsOf<{ body: string | null }>(
      await t.ctx.db.execute(sql`select body from outbound_messages where user_id = ${farmer.user.id}`),
    );
    expect(codes).toEqual([{ body: null }]);
    expect((await send(farmer, 'POST', '/api/user/phone/verify', { code: code(sms) })).statusCode).toBe(409);
  });

  it('locks the code after five wrong tries', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    await send(farmer, 'POST', '/api/user/phone', nextNumber());
    await outboundWorker.of(t.ctx).runOnce();
    const right = code(stand.sms.at(-1));
    const wrongCode = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      expect((await send(farmer, 'POST', '/api/user/phone/verify', { code: wrongCode })).statusCode).toBe(
        422,
      );
    }
    expect((await send(farmer, 'POST', '/api/user/phone/verify', { code: right })).statusCode).toBe(409);
  });

  it('sends one number at most 3 codes an hour and 10 a day, whatever the accounts asking', async () => {
    const phone = nextNumber();
    const to = e164Of(phone);
    const asked = [];
    for (let i = 0; i < 5; i += 1) {
      const someone = await userWithRole(t.app, t.ctx, i === 4 ? 'farmer' : 'buyer');
      if (i === 4) {
        await send(someone, 'PATCH', '/api/user/language', { language: 'fr' });
      }
      asked.push(await send(someone, 'POST', '/api/user/phone', phone));
    }
    expect(asked.map((r) => r.statusCode)).toEqual([202, 202, 202, 429, 429]);
    const [english, french] = [asked[3], asked[4]];
    expect(english?.json()).toMatchObject({ code: 'rateLimited' });
    expect(english?.json().message).toMatch(/^Too many codes were sent to this number: .* 60 min$/);
    expect(french?.json().message).toMatch(/^Trop de codes ont été envoyés à ce numéro : .* 60 min$/);
    const wait = Number(english?.headers['retry-after']);
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    await outboundWorker.of(t.ctx).runOnce();
    expect(stand.sms.filter((m) => m.form.to === to)).toHaveLength(3);

    // Hours pass: 3 more each hour, until the day's 10.
    const hourPasses = () =>
      t.ctx.db.execute(
        sql`update rate_events set created_at = created_at - interval '61 minutes' where bucket = 'code' and key = ${to}`,
      );
    const ask = async () =>
      (await send(await userWithRole(t.app, t.ctx, 'buyer'), 'POST', '/api/user/phone', phone)).statusCode;
    const later: number[][] = [];
    for (let hour = 0; hour < 3; hour += 1) {
      await hourPasses();
      later.push([await ask(), await ask(), await ask(), await ask()]);
    }
    expect(later).toEqual([
      [202, 202, 202, 429],
      [202, 202, 202, 429],
      [202, 429, 429, 429],
    ]);
    await hourPasses();
    const dayFull = await send(await userWithRole(t.app, t.ctx, 'buyer'), 'POST', '/api/user/phone', phone);
    expect(dayFull.statusCode).toBe(429);
    expect(Number(dayFull.headers['retry-after'])).toBeGreaterThan(3600);
  });

  it('lets no burst of accounts past the number’s limit', async () => {
    const phone = nextNumber();
    const asking = await Promise.all(Array.from({ length: 6 }, () => userWithRole(t.app, t.ctx, 'buyer')));
    const asked = await Promise.all(asking.map((s) => send(s, 'POST', '/api/user/phone', phone)));
    expect(asked.filter((r) => r.statusCode === 202)).toHaveLength(3);
    expect(asked.filter((r) => r.statusCode === 429)).toHaveLength(3);
    const queued = rowsOf<{ n: number }>(
      await t.ctx.db.execute(
        sql`select count(*)::int as n from outbound_messages where recipient = ${e164Of(phone)}`,
      ),
    );
    expect(Number(queued[0]?.n)).toBe(3);
  });

  it('refuses a channel this server does not have, and bad input, with 4xx', async () => {
    const off = await createTestApp();
    try {
      const farmer = await registerUser(off.app);
      const res = await call(off.app, farmer.cookie, {
        method: 'POST',
        url: '/api/user/phone',
        payload: nextNumber(),
      });
      expect(res.statusCode).toBe(409);
      const status = await call(off.app, farmer.cookie, { method: 'GET', url: '/api/user/phone' });
      expect(status.json<TPhoneStatus>().channels.map((c) => c.state)).toEqual(['off', 'off']);
    } finally {
      await off.close();
    }
    const farmer = await registerUser(t.app);
    for (const payload of [
      { countryCode: '237', phoneNumber: '677 12 34 56' },
      { countryCode: '+237', phoneNumber: '67a' },
      { countryCode: '+237', phoneNumber: '677 12 34 56', channel: 'pigeon' },
    ]) {
      expect((await send(farmer, 'POST', '/api/user/phone', payload)).statusCode).toBe(400);
    }
    expect((await send(farmer, 'POST', '/api/user/phone/verify', { code: '12345' })).statusCode).toBe(400);
  });
});

/** The kind of a WhatsApp message the stand-in received (text or template). */
function typeOf(request: { body: unknown } | undefined): string | undefined {
  return (request?.body as { type?: string } | undefined)?.type;
}

function code(sms: { form: Record<string, string> } | undefined): string {
  return /\d{6}/.exec(sms?.form.message ?? '')?.[0] ?? '';
}

describe('notifications by SMS', () => {
  it('sends a bid to the farmer’s proven number, once, in French, in one segment, with a short link', async () => {
    const { session: farmer, phone } = await verifiedUser({ language: 'fr' });
    const commodity = await listing(farmer);
    await bidOn(commodity.id);
    const [row] = await outboxOf(farmer.user.id);
    expect(row).toMatchObject({ channel: 'sms', status: 'queued' });
    await outboundWorker.of(t.ctx).runOnce();
    await outboundWorker.of(t.ctx).runOnce();
    expect(stand.sms).toHaveLength(1);
    const message = stand.sms[0]?.form.message ?? '';
    expect(stand.sms[0]?.form.to).toBe(e164Of(phone));
    // Too long for one UCS-2 segment (70) with the ï: folded to GSM-7 (160) rather than sent in two.
    expect(message).toMatch(/ propose 260,00 \$US la tonne pour 10 t de votre Mais jaune\. /);
    expect(smsLength(message).encoding).toBe('gsm7');
    expect(smsLength(message).segments).toBe(1);
    const [notification] = (await send(farmer, 'GET', '/api/notifications')).json<TNotification[]>();
    // The link carries the notification's random token, not its id, and opens for its recipient only.
    const [{ token } = { token: '' }] = rowsOf<{ token: string }>(
      await t.ctx.db.execute(sql`select token from notifications where id = ${notification?.id}`),
    );
    const link = `https://terroir.example/n/${token}`;
    expect(message.endsWith(` ${link}`)).toBe(true);
    const redirect = await send(farmer, 'GET', link.replace('https://terroir.example', ''));
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(notification?.link);
    expect((await send(null, 'GET', `/n/${token}`)).headers.location).toBe(`/?next=%2Fn%2F${token}`);
    expect((await outboxOf(farmer.user.id))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('retries after provider faults with growing delays, then sends once', async () => {
    const { session: farmer } = await verifiedUser();
    const commodity = await listing(farmer);
    stand.script('sms', { status: 500 }, { status: 503 });
    await bidOn(commodity.id);
    await outboundWorker.of(t.ctx).runOnce();
    const [first] = await outboxOf(farmer.user.id);
    expect(first).toMatchObject({ status: 'queued', attempts: 1 });
    const firstDelay = new Date(first?.due_at ?? 0).getTime() - Date.now();
    expect(firstDelay).toBeGreaterThan(20_000);
    // Not due yet: nothing is sent.
    await outboundWorker.of(t.ctx).runOnce();
    expect(stand.sms).toHaveLength(1);
    await t.ctx.db.execute(sql`update outbound_messages set due_at = now() where id = ${first?.id}`);
    await outboundWorker.of(t.ctx).runOnce();
    const [second] = await outboxOf(farmer.user.id);
    expect(second).toMatchObject({ status: 'queued', attempts: 2 });
    expect(new Date(second?.due_at ?? 0).getTime() - Date.now()).toBeGreaterThan(firstDelay);
    await t.ctx.db.execute(sql`update outbound_messages set due_at = now() where id = ${first?.id}`);
    await outboundWorker.of(t.ctx).runOnce();
    expect(stand.sms).toHaveLength(3);
    expect((await outboxOf(farmer.user.id))[0]).toMatchObject({ status: 'sent', attempts: 3, error: null });
  });

  it('marks a number the provider refuses as failed, with the reason, and does not retry it', async () => {
    const { session: farmer } = await verifiedUser();
    const commodity = await listing(farmer);
    stand.script('sms', { atRecipientStatus: 403, atStatus: 'InvalidPhoneNumber' });
    await bidOn(commodity.id);
    await outboundWorker.of(t.ctx).runOnce();
    const [row] = await outboxOf(farmer.user.id);
    expect(row?.status).toBe('failed');
    expect(row?.error).toContain('InvalidPhoneNumber');
    await t.ctx.db.execute(sql`update outbound_messages set due_at = now() where id = ${row?.id}`);
    await outboundWorker.of(t.ctx).runOnce();
    expect(stand.sms).toHaveLength(1);
    const status = (await send(farmer, 'GET', '/api/user/phone')).json<TPhoneStatus>();
    expect(status.channels[0]?.lastDelivery).toMatchObject({ status: 'failed' });
  });

  it('shows a refusal as a reason in the user’s language, never the provider’s raw words', async () => {
    const { session: farmer } = await verifiedUser({ language: 'fr' });
    const commodity = await listing(farmer);
    stand.script('sms', { atRecipientStatus: 403, atStatus: 'InvalidPhoneNumber' });
    await bidOn(commodity.id);
    await outboundWorker.of(t.ctx).runOnce();
    // The raw reason stays with the server (outbox row, logs).
    expect((await outboxOf(farmer.user.id))[0]?.error).toContain('InvalidPhoneNumber');
    const answer = await send(farmer, 'GET', '/api/user/phone');
    const status = answer.json<TPhoneStatus>();
    expect(status.channels[0]?.lastDelivery?.error).toBe(
      'Ce numéro ne peut pas recevoir ces messages : vérifiez-le',
    );
    expect(answer.body).not.toContain('InvalidPhoneNumber');
    expect(answer.body).not.toContain('AT 403');
  });

  it('shows a failure the delivery report gives as the provider’s refusal, translated', async () => {
    const { session: farmer, phone } = await verifiedUser();
    const commodity = await listing(farmer);
    await bidOn(commodity.id);
    await outboundWorker.of(t.ctx).runOnce();
    const messageId = stand.sms[0]?.messageId ?? '';
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/channels/sms/status?key=${CALLBACK_KEY}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(
        smsDeliveryReportForm(messageId, 'Failed', e164Of(phone), 'UserInBlacklist'),
      ).toString(),
    });
    expect(report.statusCode).toBe(200);
    expect((await outboxOf(farmer.user.id))[0]).toMatchObject({
      status: 'failed',
      error: 'AT: UserInBlacklist',
    });
    const answer = await send(farmer, 'GET', '/api/user/phone');
    expect(answer.json<TPhoneStatus>().channels[0]?.lastDelivery?.error).toBe(
      'The provider refused the message',
    );
    expect(answer.body).not.toContain('UserInBlacklist');
  });

  it('never sends again when the answer was lost; the delivery report tells which message it was', async () => {
    const { session: farmer, phone } = await verifiedUser();
    const commodity = await listing(farmer);
    stand.script('sms', { hangMs: 6000 });
    await bidOn(commodity.id);
    await outboundWorker.of(t.ctx).runOnce();
    const [row] = await outboxOf(farmer.user.id);
    expect(row).toMatchObject({ status: 'unconfirmed', provider_message_id: null });
    await outboundWorker.of(t.ctx).runOnce();
    expect(stand.sms).toHaveLength(1);
    const messageId = stand.sms[0]?.messageId ?? '';
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/channels/sms/status?key=${CALLBACK_KEY}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(smsDeliveryReportForm(messageId, 'Success', e164Of(phone))).toString(),
    });
    expect(report.statusCode).toBe(200);
    expect((await outboxOf(farmer.user.id))[0]).toMatchObject({
      status: 'delivered',
      provider_message_id: messageId,
    });
  });

  it('resumes after a crash without sending a message that may have left', async () => {
    const { session: farmer } = await verifiedUser();
    const commodity = await listing(farmer);
    await bidOn(commodity.id);
    // A worker claimed it and died mid-send: its claim ran out.
    await t.ctx.db.execute(sql`update outbound_messages set status = 'sending', attempts = 1,
      claimed_until = now() - interval '1 second' where user_id = ${farmer.user.id}`);
    await outboundWorker.of(t.ctx).runOnce();
    expect(stand.sms).toHaveLength(0);
    expect((await outboxOf(farmer.user.id))[0]).toMatchObject({
      status: 'unconfirmed',
      error: 'notifications.delivery.interrupted',
    });
    // The settings screen says why in the user's words.
    const status = (await send(farmer, 'GET', '/api/user/phone')).json<TPhoneStatus>();
    expect(status.channels[0]?.lastDelivery?.error).toBe(
      'The app stopped while sending: it may have arrived',
    );
  });

  it('applies delivery reports with the callback key only, once each, never backwards', async () => {
    const { session: farmer, phone } = await verifiedUser();
    const commodity = await listing(farmer);
    await bidOn(commodity.id);
    await outboundWorker.of(t.ctx).runOnce();
    const messageId = stand.sms[0]?.messageId ?? '';
    const report = (status: string, key = CALLBACK_KEY) =>
      t.app.inject({
        method: 'POST',
        url: `/api/channels/sms/status?key=${key}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(smsDeliveryReportForm(messageId, status, e164Of(phone))).toString(),
      });
    expect((await report('Success', 'wrong-key-0123456789')).statusCode).toBe(401);
    expect((await outboxOf(farmer.user.id))[0]?.status).toBe('sent');
    expect((await report('Success')).statusCode).toBe(200);
    expect((await report('Success')).statusCode).toBe(200);
    expect((await report('Buffered')).statusCode).toBe(200);
    expect((await report('Failed')).statusCode).toBe(200);
    expect((await outboxOf(farmer.user.id))[0]?.status).toBe('delivered');
    const junk = await t.app.inject({
      method: 'POST',
      url: `/api/channels/sms/status?key=${CALLBACK_KEY}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'status=Success',
    });
    expect(junk.statusCode).toBe(400);
  });
});

describe('notifications by WhatsApp', () => {
  it('answers the webhook verification with the challenge only for the right token', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/channels/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=verify-me-please&hub.challenge=1158201444',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/channels/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1',
    });
    expect(bad.statusCode).toBe(403);
  });

  it('sends a template outside the 24-hour window and text inside it; unsigned events are refused', async () => {
    const { session: farmer, phone } = await verifiedUser({ channel: 'whatsapp' });
    const commodity = await listing(farmer);
    await bidOn(commodity.id, 255);
    await outboundWorker.of(t.ctx).runOnce();
    expect(stand.whatsapp).toHaveLength(1);
    const first = stand.whatsapp[0];
    expect(first?.path).toBe('/106540352242922/messages');
    expect(first?.headers.authorization).toBe('Bearer wa-secret-token');
    expect(first?.body).toMatchObject({
      messaging_product: 'whatsapp',
      to: e164Of(phone).slice(1),
      type: 'template',
      template: { name: 'terroir_notification', language: { code: 'en' } },
    });

    // An event with a bad signature changes nothing.
    const inbound = whatsAppInboundWebhook({
      from: e164Of(phone).slice(1),
      id: `wamid.in${numbers}`,
      text: 'PRIX mais',
    });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/channels/whatsapp/webhook',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` },
      payload: JSON.stringify(inbound),
    });
    expect(forged.statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/channels/whatsapp/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(inbound),
    });
    expect(unsigned.statusCode).toBe(401);
    await bidOn(commodity.id, 256);
    await outboundWorker.of(t.ctx).runOnce();
    expect(typeOf(stand.whatsapp[1])).toBe('template');

    // The farmer writes to us: the window opens, and the next goes as text.
    const signed = stand.signedWebhook(inbound);
    const received = await t.app.inject({
      method: 'POST',
      url: '/api/channels/whatsapp/webhook',
      headers: signed.headers,
      payload: signed.payload,
    });
    expect(received.statusCode).toBe(200);
    // The phone bot answers it (the price asked for), as text.
    await outboundWorker.of(t.ctx).runOnce();
    expect(stand.whatsapp[2]?.body).toMatchObject({ type: 'text' });
    await bidOn(commodity.id, 257);
    await outboundWorker.of(t.ctx).runOnce();
    expect(stand.whatsapp[3]?.body).toMatchObject({
      type: 'text',
      text: { body: expect.stringContaining('257') },
    });

    // Status events, delivered twice as Meta may: applied once.
    const messageId = stand.whatsapp[3]?.messageId ?? '';
    for (const status of ['delivered', 'delivered', 'read', 'sent'] as const) {
      const event = stand.signedWebhook(
        whatsAppStatusWebhook({ messageId, recipient: e164Of(phone).slice(1), status }),
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/channels/whatsapp/webhook',
        headers: event.headers,
        payload: event.payload,
      });
      expect(res.statusCode).toBe(200);
    }
    const rows = await outboxOf(farmer.user.id);
    expect(rows.map((r) => [r.status, r.via_template])).toEqual([
      ['sent', true],
      ['sent', true],
      ['read', false],
    ]);
  });

  it('sends again as a template a text WhatsApp later reports as outside the window', async () => {
    const { session: farmer, phone } = await verifiedUser({ channel: 'whatsapp' });
    const wa = e164Of(phone).slice(1);
    const inbound = stand.signedWebhook(
      whatsAppInboundWebhook({ from: wa, id: `wamid.late${numbers}`, text: 'Bonjour' }),
    );
    await t.app.inject({
      method: 'POST',
      url: '/api/channels/whatsapp/webhook',
      headers: inbound.headers,
      payload: inbound.payload,
    });
    // The phone bot answers the message (its help), as text: the window is open.
    await outboundWorker.of(t.ctx).runOnce();
    expect(stand.whatsapp.map(typeOf)).toEqual(['text']);
    stand.whatsapp.length = 0;
    const commodity = await listing(farmer);
    await bidOn(commodity.id);
    await outboundWorker.of(t.ctx).runOnce();
    expect(typeOf(stand.whatsapp[0])).toBe('text');
    const failed = stand.signedWebhook(
      whatsAppStatusWebhook({
        messageId: stand.whatsapp[0]?.messageId ?? '',
        recipient: wa,
        status: 'failed',
        errorCode: 131047,
      }),
    );
    await t.app.inject({
      method: 'POST',
      url: '/api/channels/whatsapp/webhook',
      headers: failed.headers,
      payload: failed.payload,
    });
    await outboundWorker.of(t.ctx).runOnce();
    expect(stand.whatsapp).toHaveLength(2);
    expect(typeOf(stand.whatsapp[1])).toBe('template');
    expect((await outboxOf(farmer.user.id)).map((r) => [r.status, r.via_template])).toEqual([['sent', true]]);
  });

  it('marks a number that is not on WhatsApp as failed', async () => {
    const { session: farmer } = await verifiedUser({ channel: 'whatsapp' });
    const commodity = await listing(farmer);
    stand.script('whatsapp', { whatsappError: 131026 });
    await bidOn(commodity.id);
    await outboundWorker.of(t.ctx).runOnce();
    const [row] = await outboxOf(farmer.user.id);
    expect(row?.status).toBe('failed');
    expect(row?.error).toContain('131026');
  });
});

describe('preferences', () => {
  it('defaults business types to the proven channel and social ones to the app only', async () => {
    const { session: farmer } = await verifiedUser();
    const prefs = (
      await send(farmer, 'GET', '/api/notification-preferences')
    ).json<TNotificationPreferences>();
    expect(prefs.types.bid_received).toEqual({ inApp: true, sms: true, whatsapp: false });
    expect(prefs.types.farm_alert).toEqual({ inApp: true, sms: true, whatsapp: false });
    expect(prefs.types.post_comment).toEqual({ inApp: true, sms: false, whatsapp: false });
    expect(prefs.quietHours).toBeNull();
  });

  it('follows the user’s choices: no SMS for a type turned off, no in-app entry for one hidden', async () => {
    const { session: farmer } = await verifiedUser();
    const put = await send(farmer, 'PUT', '/api/notification-preferences', {
      types: { bid_received: { inApp: false, sms: false, whatsapp: false } },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<TNotificationPreferences>().types.bid_received).toEqual({
      inApp: false,
      sms: false,
      whatsapp: false,
    });
    const commodity = await listing(farmer);
    await bidOn(commodity.id);
    expect(await outboxOf(farmer.user.id)).toEqual([]);
    const inbox = (await send(farmer, 'GET', '/api/notifications')).json<TNotification[]>();
    expect(inbox.some((n) => n.type === 'bid_received')).toBe(false);
    expect(
      (await send(farmer, 'PUT', '/api/notification-preferences', { types: { nope: {} } })).statusCode,
    ).toBe(400);
  });

  it('keeps the channels a user did not set following the defaults (set before the number was proven)', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const put = await send(farmer, 'PUT', '/api/notification-preferences', {
      types: { bid_received: { inApp: false } },
    });
    expect(put.json<TNotificationPreferences>().types.bid_received).toEqual({
      inApp: false,
      sms: false,
      whatsapp: false,
    });
    await send(farmer, 'PUT', '/api/notification-preferences', {
      types: { bid_accepted: { whatsapp: true } },
    });
    await send(farmer, 'POST', '/api/user/phone', nextNumber());
    await outboundWorker.of(t.ctx).runOnce();
    expect(
      (await send(farmer, 'POST', '/api/user/phone/verify', { code: code(stand.sms.at(-1)) })).statusCode,
    ).toBe(200);
    const prefs = (
      await send(farmer, 'GET', '/api/notification-preferences')
    ).json<TNotificationPreferences>();
    expect(prefs.types.bid_received).toEqual({ inApp: false, sms: true, whatsapp: false });
    expect(prefs.types.bid_accepted).toEqual({ inApp: true, sms: true, whatsapp: true });
  });

  it('holds messages in quiet hours and sends them after', async () => {
    const { session: farmer } = await verifiedUser();
    // Quiet now, whatever the hour: from this minute to one hour later, in UTC.
    const now = new Date();
    const clock = (d: Date) =>
      `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
    const quietHours = {
      start: clock(now),
      end: clock(new Date(now.getTime() + 3_600_000)),
      timeZone: 'UTC',
    };
    const put = await send(farmer, 'PUT', '/api/notification-preferences', { quietHours });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<TNotificationPreferences>().quietHours).toEqual(quietHours);
    const commodity = await listing(farmer);
    await bidOn(commodity.id);
    await outboundWorker.of(t.ctx).runOnce();
    expect(stand.sms).toHaveLength(0);
    const [held] = await outboxOf(farmer.user.id);
    expect(held).toMatchObject({ status: 'queued', attempts: 0 });
    expect(new Date(held?.due_at ?? 0).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    await send(farmer, 'PUT', '/api/notification-preferences', { quietHours: null });
    await t.ctx.db.execute(sql`update outbound_messages set due_at = now() where id = ${held?.id}`);
    await outboundWorker.of(t.ctx).runOnce();
    expect(stand.sms).toHaveLength(1);
  });

  it('stops messages when the number is removed', async () => {
    const { session: farmer } = await verifiedUser();
    const commodity = await listing(farmer);
    await bidOn(commodity.id);
    const removed = await send(farmer, 'DELETE', '/api/user/phone');
    expect(removed.json<TPhoneStatus>().verifiedPhone).toBeNull();
    await outboundWorker.of(t.ctx).runOnce();
    expect(stand.sms).toHaveLength(0);
    await bidOn(commodity.id, 270);
    expect((await outboxOf(farmer.user.id)).map((r) => r.status)).toEqual(['failed']);
  });
});

describe.runIf(onPostgres)('two instances', () => {
  it('send nothing twice across a restart, even one in the middle of a send', async () => {
    const { session: farmer } = await verifiedUser();
    const commodity = await listing(farmer);
    await bidOn(commodity.id, 280);
    // The first instance takes the message and is stopped while the provider has not answered.
    stand.script('sms', { hangMs: 6000 });
    const first = await createSecondInstance(t);
    const sending = outboundWorker.of(first.ctx).runOnce();
    await first.close();
    await sending;
    await bidOn(commodity.id, 281);
    // The restarted instance sends what is due, and not the message that may have left.
    const restarted = await createSecondInstance(t);
    try {
      await outboundWorker.of(restarted.ctx).runOnce();
    } finally {
      await restarted.close();
    }
    expect(stand.sms).toHaveLength(2);
    expect(stand.sms[1]?.form.message).toContain('281');
    expect((await outboxOf(farmer.user.id)).map((r) => r.status)).toEqual(['unconfirmed', 'sent']);
  });

  it('hand each message over once between them', async () => {
    const b = await createSecondInstance(t);
    try {
      const { session: farmer } = await verifiedUser();
      const commodity = await listing(farmer);
      for (let i = 0; i < 25; i++) {
        await bidOn(commodity.id, 300 + i);
      }
      await Promise.all([
        outboundWorker.of(t.ctx).runOnce(),
        outboundWorker.of(b.ctx).runOnce(),
        outboundWorker.of(t.ctx).runOnce(),
      ]);
      const rows = await outboxOf(farmer.user.id);
      expect(rows).toHaveLength(25);
      expect(rows.every((r) => r.status === 'sent')).toBe(true);
      expect(stand.sms).toHaveLength(25);
      expect(new Set(stand.sms.map((s) => s.form.message)).size).toBe(25);
    } finally {
      await b.close();
    }
  });
});
