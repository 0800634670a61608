// The SMS and WhatsApp adapters against a local stand-in that speaks each provider's format: what goes on the
// wire, and what every kind of answer (or silence) comes to.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ProviderStandIn,
  smsDeliveryReportForm,
  startProviderStandIn,
  whatsAppInboundWebhook,
  whatsAppStatusWebhook,
} from '../test/provider-stand-in';
import { parseSmsDeliveryReport, type SmsProviderConfig, sendSms } from './at-sms';
import { hubSignature, hubSignatureValid } from './hub-signature';
import {
  parseWhatsAppWebhook,
  sendWhatsApp,
  type WhatsAppMessage,
  type WhatsAppProviderConfig,
} from './whatsapp-cloud';

const TIMEOUT_MS = 2_000;
const TO = '+237670000001';
let standIn: ProviderStandIn;
let sms: SmsProviderConfig;
let whatsapp: WhatsAppProviderConfig;

beforeAll(async () => {
  standIn = await startProviderStandIn({ appSecret: 'test-app-secret' });
  sms = { username: 'terroir', apiKey: 'at-key-0123456789', senderId: 'TERROIR', baseUrl: standIn.url };
  whatsapp = { token: 'wa-token-0123456789', phoneNumberId: '1098765432', apiBase: standIn.url };
});

afterAll(() => standIn.close());

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') {
    throw new Error('no port');
  }
  return address.port;
}

const lastSms = () => standIn.sms.at(-1);
const lastWhatsApp = () => standIn.whatsapp.at(-1);

describe('sendSms', () => {
  it('posts the documented form with the apiKey header and returns the message id', async () => {
    const outcome = await sendSms(sms, TO, 'Nouvelle offre : 275 000 FCFA la tonne', TIMEOUT_MS);
    const request = lastSms();
    expect(request?.headers).toMatchObject({
      apikey: sms.apiKey,
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(request?.form).toEqual({
      username: 'terroir',
      to: TO,
      message: 'Nouvelle offre : 275 000 FCFA la tonne',
      from: 'TERROIR',
    });
    expect(request?.messageId).toMatch(/^ATXid_/);
    expect(outcome).toEqual({ kind: 'sent', messageId: request?.messageId });
  });

  it('leaves `from` out when there is no sender id', async () => {
    const outcome = await sendSms(
      { ...sms, senderId: null, baseUrl: `${standIn.url}/` },
      TO,
      'Bonjour',
      TIMEOUT_MS,
    );
    expect(outcome.kind).toBe('sent');
    expect(lastSms()?.form).toEqual({ username: 'terroir', to: TO, message: 'Bonjour' });
  });

  it('retries after a provider fault, and after a rate limit when the provider says', async () => {
    standIn.script('sms', { status: 500 }, { status: 429, headers: { 'Retry-After': '7' } });
    expect(await sendSms(sms, TO, 'a', TIMEOUT_MS)).toEqual({
      kind: 'retry',
      reason: 'AT HTTP 500: Internal Server Error',
    });
    expect(lastSms()?.messageId).toBeNull();
    expect(await sendSms(sms, TO, 'b', TIMEOUT_MS)).toEqual({
      kind: 'retry',
      reason: 'AT HTTP 429: Too Many Requests',
      retryAfterMs: 7_000,
    });
  });

  it('refuses a number AT refuses, and retries a recipient-level provider fault', async () => {
    standIn.script(
      'sms',
      { atRecipientStatus: 403, atStatus: 'InvalidPhoneNumber' },
      { atRecipientStatus: 500, atStatus: 'InternalServerError' },
    );
    expect(await sendSms(sms, TO, 'a', TIMEOUT_MS)).toEqual({
      kind: 'refused',
      reason: 'AT 403 InvalidPhoneNumber',
    });
    expect(await sendSms(sms, TO, 'b', TIMEOUT_MS)).toEqual({
      kind: 'retry',
      reason: 'AT 500 InternalServerError',
    });
  });

  it("refuses with AT's own words when the request is refused, never showing the key", async () => {
    expect(await sendSms({ ...sms, apiKey: '' }, TO, 'a', TIMEOUT_MS)).toEqual({
      kind: 'refused',
      reason: 'AT HTTP 401: The supplied authentication is invalid',
    });
    standIn.script('sms', { status: 400, body: `Invalid apiKey ${sms.apiKey} for user terroir` });
    const outcome = await sendSms(sms, TO, 'b', TIMEOUT_MS);
    expect(outcome).toEqual({
      kind: 'refused',
      reason: 'AT HTTP 400: Invalid apiKey [redacted] for user terroir',
    });
  });

  it('refuses a request-wide refusal (no recipient in the answer)', async () => {
    standIn.script('sms', {
      status: 201,
      body: { SMSMessageData: { Message: 'InvalidSenderId', Recipients: [] } },
    });
    expect(await sendSms(sms, TO, 'a', TIMEOUT_MS)).toEqual({
      kind: 'refused',
      reason: 'AT: InvalidSenderId',
    });
  });

  it('never sends to something that is not one E.164 number', async () => {
    const before = standIn.sms.length;
    for (const to of ['237670000001', `${TO},+237670000002`, '+2376 7000 0001', '']) {
      expect((await sendSms(sms, to, 'a', TIMEOUT_MS)).kind, to).toBe('refused');
    }
    expect(standIn.sms.length).toBe(before);
  });

  it('calls it unconfirmed when the answer comes too late, though the provider took the message', async () => {
    standIn.script('sms', { hangMs: 1_000 });
    const started = Date.now();
    const outcome = await sendSms(sms, TO, 'a', 200);
    expect(Date.now() - started).toBeLessThan(900);
    expect(outcome).toEqual({ kind: 'unconfirmed', reason: 'no answer within 200 ms' });
    expect(lastSms()?.messageId).toMatch(/^ATXid_/);
  });

  it('calls it unconfirmed when the connection drops after the request, or a 2xx cannot be read', async () => {
    standIn.script('sms', { drop: true }, { status: 201, body: 'Sent, probably' });
    expect(await sendSms(sms, TO, 'a', TIMEOUT_MS)).toEqual({
      kind: 'unconfirmed',
      reason: 'network: UND_ERR_SOCKET',
    });
    expect(lastSms()?.messageId).toMatch(/^ATXid_/);
    expect(await sendSms(sms, TO, 'b', TIMEOUT_MS)).toEqual({
      kind: 'unconfirmed',
      reason: 'AT answer not understood',
    });
  });

  it('retries when nothing listens (the request never left)', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}`;
    expect(await sendSms({ ...sms, baseUrl }, TO, 'a', TIMEOUT_MS)).toEqual({
      kind: 'retry',
      reason: 'network: ECONNREFUSED',
    });
  });
});

describe('sendWhatsApp', () => {
  it('posts a text message exactly as documented, with the bearer token', async () => {
    const outcome = await sendWhatsApp(
      whatsapp,
      TO,
      { kind: 'text', body: 'PRIX maïs : 275 000 FCFA' },
      TIMEOUT_MS,
    );
    const request = lastWhatsApp();
    expect(request?.path).toBe('/1098765432/messages');
    expect(request?.headers).toMatchObject({
      authorization: `Bearer ${whatsapp.token}`,
      'content-type': 'application/json',
    });
    expect(request?.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '237670000001',
      type: 'text',
      text: { body: 'PRIX maïs : 275 000 FCFA' },
    });
    expect(request?.messageId).toMatch(/^wamid\./);
    expect(outcome).toEqual({ kind: 'sent', messageId: request?.messageId });
  });

  it('posts a template with its body parameters, and one without variables with no components', async () => {
    const outbid: WhatsAppMessage = {
      kind: 'template',
      name: 'outbid',
      language: 'fr',
      parameters: ['maïs', '275 000 FCFA'],
    };
    expect((await sendWhatsApp(whatsapp, TO, outbid, TIMEOUT_MS)).kind).toBe('sent');
    expect(lastWhatsApp()?.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '237670000001',
      type: 'template',
      template: {
        name: 'outbid',
        language: { code: 'fr' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'maïs' },
              { type: 'text', text: '275 000 FCFA' },
            ],
          },
        ],
      },
    });
    const hello: WhatsAppMessage = { kind: 'template', name: 'hello', language: 'en', parameters: [] };
    expect((await sendWhatsApp(whatsapp, TO, hello, TIMEOUT_MS)).kind).toBe('sent');
    expect(lastWhatsApp()?.body).toMatchObject({ template: { name: 'hello', language: { code: 'en' } } });
    expect(lastWhatsApp()?.body).not.toHaveProperty('template.components');
  });

  it('works under a versioned base with a trailing slash', async () => {
    const config = { ...whatsapp, apiBase: `${standIn.url}/v21.0/` };
    expect((await sendWhatsApp(config, TO, { kind: 'text', body: 'a' }, TIMEOUT_MS)).kind).toBe('sent');
    expect(lastWhatsApp()?.path).toBe('/v21.0/1098765432/messages');
  });

  it('says outside_window for 131047 and refuses a number not on WhatsApp (131026)', async () => {
    standIn.script('whatsapp', { whatsappError: 131047 }, { whatsappError: 131026 });
    expect(await sendWhatsApp(whatsapp, TO, { kind: 'text', body: 'a' }, TIMEOUT_MS)).toEqual({
      kind: 'outside_window',
    });
    expect(await sendWhatsApp(whatsapp, TO, { kind: 'text', body: 'b' }, TIMEOUT_MS)).toEqual({
      kind: 'refused',
      reason: 'WhatsApp 131026: (#131026) Message undeliverable',
    });
  });

  it('retries 429 (with its Retry-After date), 5xx and throttling codes sent as 400', async () => {
    const retryAt = new Date(Date.now() + 30_000).toUTCString();
    standIn.script(
      'whatsapp',
      { status: 429, headers: { 'Retry-After': retryAt } },
      { status: 503 },
      { whatsappError: 130429 },
    );
    const limited = await sendWhatsApp(whatsapp, TO, { kind: 'text', body: 'a' }, TIMEOUT_MS);
    expect(limited).toMatchObject({ kind: 'retry', reason: 'WhatsApp 130429: (#130429) Rate limit hit' });
    expect(limited.kind === 'retry' && limited.retryAfterMs).toBeGreaterThan(25_000);
    expect(limited.kind === 'retry' && limited.retryAfterMs).toBeLessThanOrEqual(30_000);
    expect(await sendWhatsApp(whatsapp, TO, { kind: 'text', body: 'b' }, TIMEOUT_MS)).toEqual({
      kind: 'retry',
      reason: 'WhatsApp 131000: (#131000) Something went wrong',
    });
    expect((await sendWhatsApp(whatsapp, TO, { kind: 'text', body: 'c' }, TIMEOUT_MS)).kind).toBe('retry');
    expect(standIn.whatsapp.slice(-3).map((request) => request.messageId)).toEqual([null, null, null]);
  });

  it('refuses any other 4xx with the code and message, never showing the token', async () => {
    expect(
      await sendWhatsApp({ ...whatsapp, token: '' }, TO, { kind: 'text', body: 'a' }, TIMEOUT_MS),
    ).toEqual({
      kind: 'refused',
      reason: 'WhatsApp 190: Invalid OAuth access token - Cannot parse access token',
    });
    standIn.script('whatsapp', {
      status: 400,
      body: {
        error: { message: `Token ${whatsapp.token} lacks permission`, type: 'OAuthException', code: 10 },
      },
    });
    expect(await sendWhatsApp(whatsapp, TO, { kind: 'text', body: 'b' }, TIMEOUT_MS)).toEqual({
      kind: 'refused',
      reason: 'WhatsApp 10: Token [redacted] lacks permission',
    });
  });

  it('calls it unconfirmed on a late answer, a dropped connection or an unreadable 200', async () => {
    standIn.script('whatsapp', { hangMs: 1_000 }, { drop: true }, { status: 200, body: { messages: [] } });
    expect(await sendWhatsApp(whatsapp, TO, { kind: 'text', body: 'a' }, 200)).toEqual({
      kind: 'unconfirmed',
      reason: 'no answer within 200 ms',
    });
    expect(lastWhatsApp()?.messageId).toMatch(/^wamid\./);
    expect((await sendWhatsApp(whatsapp, TO, { kind: 'text', body: 'b' }, TIMEOUT_MS)).kind).toBe(
      'unconfirmed',
    );
    expect(lastWhatsApp()?.messageId).toMatch(/^wamid\./);
    expect(await sendWhatsApp(whatsapp, TO, { kind: 'text', body: 'c' }, TIMEOUT_MS)).toEqual({
      kind: 'unconfirmed',
      reason: 'WhatsApp answer not understood',
    });
  });

  it('retries when nothing listens, and refuses what is not an E.164 number without sending', async () => {
    const apiBase = `http://127.0.0.1:${await closedPort()}`;
    expect(await sendWhatsApp({ ...whatsapp, apiBase }, TO, { kind: 'text', body: 'a' }, TIMEOUT_MS)).toEqual(
      {
        kind: 'retry',
        reason: 'network: ECONNREFUSED',
      },
    );
    const before = standIn.whatsapp.length;
    expect((await sendWhatsApp(whatsapp, '237670000001', { kind: 'text', body: 'a' }, TIMEOUT_MS)).kind).toBe(
      'refused',
    );
    expect(standIn.whatsapp.length).toBe(before);
  });
});

describe('parseSmsDeliveryReport', () => {
  it('maps each AT status', () => {
    const expected = {
      Sent: 'sent',
      Submitted: 'sent',
      Buffered: 'sent',
      Success: 'delivered',
      Rejected: 'failed',
      Failed: 'failed',
      AbsentSubscriber: 'failed',
      Expired: 'failed',
    } as const;
    for (const [providerStatus, status] of Object.entries(expected)) {
      const report = parseSmsDeliveryReport(smsDeliveryReportForm('ATXid_abc', providerStatus, TO));
      expect(report, providerStatus).toMatchObject({
        messageId: 'ATXid_abc',
        phoneNumber: TO,
        status,
        providerStatus,
      });
    }
    expect(
      parseSmsDeliveryReport(smsDeliveryReportForm('ATXid_abc', 'Failed', TO, 'UserInBlackList')),
    ).toEqual({
      messageId: 'ATXid_abc',
      phoneNumber: TO,
      status: 'failed',
      providerStatus: 'Failed',
      failureReason: 'UserInBlackList',
    });
    expect(
      parseSmsDeliveryReport(smsDeliveryReportForm('ATXid_abc', 'Success', TO))?.failureReason,
    ).toBeNull();
  });

  it('gives null for a report it cannot use, and drops fields no provider would send', () => {
    expect(parseSmsDeliveryReport({})).toBeNull();
    expect(parseSmsDeliveryReport({ status: 'Success', phoneNumber: TO })).toBeNull();
    expect(parseSmsDeliveryReport({ id: '  ', status: 'Success' })).toBeNull();
    expect(parseSmsDeliveryReport({ id: 'ATXid_abc', status: 'Delivered' })).toBeNull();
    expect(parseSmsDeliveryReport({ id: 'ATXid_abc', status: 'constructor' })).toBeNull();
    expect(parseSmsDeliveryReport({ id: 'x'.repeat(10_000), status: 'Success' })).toBeNull();
    const odd = parseSmsDeliveryReport({
      id: 'ATXid_abc',
      status: 'Failed',
      phoneNumber: 'x'.repeat(500),
      failureReason: 'y'.repeat(5_000),
    });
    expect(odd?.phoneNumber).toBeNull();
    expect(odd?.failureReason?.length).toBeLessThanOrEqual(200);
    expect(
      parseSmsDeliveryReport({ id: 'ATXid_abc', status: 'Sent', phoneNumber: '237670000001' })?.phoneNumber,
    ).toBe(TO);
  });
});

describe('parseWhatsAppWebhook', () => {
  it('reads delivery statuses, with the error of a failed one', () => {
    const delivered = parseWhatsAppWebhook(
      whatsAppStatusWebhook({ messageId: 'wamid.A', recipient: TO, status: 'delivered' }),
    );
    expect(delivered.messages).toEqual([]);
    expect(delivered.statuses).toEqual([
      {
        messageId: 'wamid.A',
        recipient: TO,
        status: 'delivered',
        errorCode: null,
        errorTitle: null,
        timestamp: expect.any(Date),
      },
    ]);
    const failed = parseWhatsAppWebhook(
      whatsAppStatusWebhook({ messageId: 'wamid.B', recipient: TO, status: 'failed', errorCode: 131047 }),
    );
    expect(failed.statuses).toMatchObject([
      { status: 'failed', errorCode: 131047, errorTitle: 'Re-engagement message' },
    ]);
  });

  it('reads an inbound text with the sender and their profile name', () => {
    const body = whatsAppInboundWebhook({ from: TO, id: 'wamid.IN1', text: 'PRIX mais' });
    const { messages, statuses } = parseWhatsAppWebhook(body);
    expect(statuses).toEqual([]);
    expect(messages).toEqual([
      {
        id: 'wamid.IN1',
        from: TO,
        timestamp: expect.any(Date),
        text: 'PRIX mais',
        profileName: 'Stand-in User',
      },
    ]);
    expect(Math.abs((messages[0]?.timestamp?.getTime() ?? 0) - Date.now())).toBeLessThan(5_000);
  });

  it('gives empty lists for junk, and skips only the odd items of a good body', () => {
    const junk = [
      null,
      'x',
      42,
      [],
      {},
      { object: 'page', entry: [] },
      { object: 'whatsapp_business_account', entry: 'x' },
    ];
    for (const body of junk) {
      expect(parseWhatsAppWebhook(body), JSON.stringify(body)).toEqual({ statuses: [], messages: [] });
    }
    const good = whatsAppStatusWebhook({ messageId: 'wamid.C', recipient: TO, status: 'read' }) as {
      entry: { changes: { value: { statuses: unknown[] } }[] }[];
    };
    const value = good.entry[0]?.changes[0]?.value;
    value?.statuses.push({ id: 'wamid.D', status: 'deleted', recipient_id: '237670000001' }, 'junk', null, {
      id: 'wamid.E',
      status: 'sent',
      recipient_id: '+237670000001',
      timestamp: 'soon',
    });
    const { statuses } = parseWhatsAppWebhook({ ...good, unknownField: true });
    expect(statuses.map((status) => status.messageId)).toEqual(['wamid.C']);
    const other = { ...good, object: 'instagram' };
    expect(parseWhatsAppWebhook(other).statuses).toEqual([]);
  });
});

describe('hubSignatureValid', () => {
  const body = JSON.stringify(whatsAppInboundWebhook({ from: TO, id: 'wamid.S', text: 'OUI' }));

  it('accepts the signature Meta would send over the raw bytes', () => {
    const { payload, headers } = standIn.signedWebhook(JSON.parse(body));
    expect(hubSignatureValid(Buffer.from(payload), headers['x-hub-signature-256'], 'test-app-secret')).toBe(
      true,
    );
    expect(
      hubSignatureValid(Buffer.from(body), hubSignature(body, 'test-app-secret'), 'test-app-secret'),
    ).toBe(true);
  });

  it('refuses a wrong, missing or malformed signature', () => {
    const good = hubSignature(body, 'test-app-secret');
    const raw = Buffer.from(body);
    expect(hubSignatureValid(Buffer.from(`${body} `), good, 'test-app-secret')).toBe(false);
    expect(hubSignatureValid(raw, good, 'other-secret')).toBe(false);
    expect(hubSignatureValid(raw, undefined, 'test-app-secret')).toBe(false);
    expect(hubSignatureValid(raw, good, '')).toBe(false);
    for (const header of [
      '',
      'sha256=',
      good.slice(7),
      `sha1=${good.slice(7)}`,
      `${good}00`,
      good.slice(0, -2),
      `sha256=${'z'.repeat(64)}`,
    ]) {
      expect(hubSignatureValid(raw, header, 'test-app-secret'), header).toBe(false);
    }
  });
});
