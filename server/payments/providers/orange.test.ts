// The Orange Money web payment adapter against the local stand-in speaking Orange's formats: the token, the start
// and its page, the status (Cameroon's SUCCESSFULL included), and answers that go wrong.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type OrangeConfig } from '../../config';
import { type CallbackReceiver, closedPort, startCallbackReceiver } from '../../test/callback-receiver';
import {
  orangeEnv,
  type PaymentsStandIn,
  STAND_IN_ORANGE,
  startPaymentsStandIn,
} from '../../test/payments-stand-in';
import { collectionAdapter } from './adapters';
import { OrangeWebPayment, statusAnswerOf } from './orange';
import type { CollectionAdapter, MoveRequest, StartAnswer } from './provider';

const RETURN_URL = 'http://app.test/orders';
let stand: PaymentsStandIn;
let receiver: CallbackReceiver;
let orange: CollectionAdapter;

function orangeOf(standIn: PaymentsStandIn, extra: Record<string, string> = {}): OrangeConfig {
  const config = loadConfig({ NODE_ENV: 'test', CURRENCY: 'XOF', ...orangeEnv(standIn), ...extra }).payments;
  if (!config.orange) {
    throw new Error('Orange should be configured');
  }
  return config.orange;
}

beforeAll(async () => {
  stand = await startPaymentsStandIn();
  receiver = await startCallbackReceiver();
});

afterAll(async () => {
  await stand.close();
  await receiver.close();
});

beforeEach(() => {
  orange = new OrangeWebPayment({ orange: orangeOf(stand), timeoutMs: 2000, returnUrl: RETURN_URL });
});

let serial = 0;
const move = (overrides: Partial<MoveRequest> = {}): MoveRequest => ({
  reference: `tr-${Date.now().toString(36)}-${++serial}`,
  amount: '15000',
  currency: 'XOF',
  phone: null,
  externalId: 'order-243',
  payerMessage: 'Terroir : commande 243 de maïs blanc',
  payeeNote: 'Commande 243',
  callbackUrl: `${receiver.url}/api/payments/orange/notify/x`,
  language: 'fr',
  payToken: null,
  ...overrides,
});

const calls = (path: string) => stand.requests.filter((r) => r.path === path).length;
const accepted = (answer: StartAnswer) => {
  if (answer.kind !== 'accepted') {
    throw new Error(`not accepted: ${JSON.stringify(answer)}`);
  }
  return answer;
};

describe('the factory', () => {
  it('has an Orange adapter only when Orange is configured', () => {
    const config = loadConfig({ NODE_ENV: 'test', ...orangeEnv(stand) }).payments;
    expect(collectionAdapter(config, 'orange_money', RETURN_URL)).toBeInstanceOf(OrangeWebPayment);
    const off = loadConfig({ NODE_ENV: 'test', ...orangeEnv(stand), ORANGE_MERCHANT_KEY: '' }).payments;
    expect(collectionAdapter(off, 'orange_money', RETURN_URL)).toBeNull();
  });
});

describe('start', () => {
  it('sends the documented token and web payment requests and gives back the page', async () => {
    const request = move();
    const answer = accepted(await orange.start(request));
    const token = stand.requests.filter((r) => r.path === '/oauth/v3/token').at(-1);
    expect(token?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${STAND_IN_ORANGE.clientId}:${STAND_IN_ORANGE.clientSecret}`).toString('base64')}`,
    );
    expect(token?.body).toBe('grant_type=client_credentials');
    const sent = stand.requests.filter((r) => r.path === '/orange-money-webpay/dev/v1/webpayment').at(-1);
    expect(sent?.headers.authorization).toMatch(/^Bearer \S+$/);
    expect(sent?.body).toEqual({
      merchant_key: STAND_IN_ORANGE.merchantKey,
      currency: 'XOF',
      order_id: request.reference,
      amount: 15000,
      return_url: `${RETURN_URL}?payment=${request.reference}`,
      cancel_url: `${RETURN_URL}?payment=${request.reference}&cancelled=1`,
      notif_url: request.callbackUrl,
      lang: 'fr',
      reference: 'Terroir : commande 243 de maïs',
    });
    const record = stand.wallet.payment(request.reference);
    expect(record?.provider).toBe('orange');
    expect(answer).toEqual({
      kind: 'accepted',
      paymentUrl: `${stand.url}/orange/pay/${answer.payToken}`,
      payToken: record?.provider === 'orange' ? record.payToken : 'missing',
      notifToken: record?.provider === 'orange' ? record.notifToken : 'missing',
    });
  });

  it('refuses what Orange cannot take without asking it', async () => {
    const before = stand.requests.length;
    expect(await orange.start(move({ reference: 'r'.repeat(31) }))).toMatchObject({ kind: 'refused' });
    expect(await orange.start(move({ amount: '150.50' }))).toMatchObject({
      kind: 'refused',
      reason: 'invalid_currency',
    });
    expect(stand.requests.length).toBe(before);
    expect((await orange.start(move({ amount: '150.00' }))).kind).toBe('accepted');
  });

  it('is refused on a reused order id, and unknown on a 500 or a lost answer', async () => {
    const request = move();
    await orange.start(request);
    expect(await orange.start(request)).toMatchObject({ kind: 'refused', reason: 'provider_error' });
    stand.script('orange', { status: 500 });
    expect((await orange.start(move())).kind).toBe('unknown');
    const lost = move();
    stand.script('orange', { drop: true });
    expect((await orange.start(lost)).kind).toBe('unknown');
    expect(stand.wallet.requests(lost.reference)).toBe(1);
    // Without the start's answer the payer never saw the page: nothing can be paid under it.
    expect(await orange.status(lost)).toEqual({ kind: 'not_found' });
  });

  it('keeps its token across calls, and asks it again once on a 401', async () => {
    const before = calls('/oauth/v3/token');
    const request = move();
    const { payToken } = accepted(await orange.start(request));
    await orange.status({ ...request, payToken });
    expect(calls('/oauth/v3/token') - before).toBe(1);
    stand.script('orange', { tokenExpired: true });
    expect(await orange.status({ ...request, payToken })).toEqual({ kind: 'pending' });
    expect(calls('/oauth/v3/token') - before).toBe(2);
  });

  it('an answer later than the timeout, or no server, is unknown', async () => {
    const slow = new OrangeWebPayment({ orange: orangeOf(stand), timeoutMs: 300, returnUrl: RETURN_URL });
    await slow.start(move());
    stand.script('orange', { hangMs: 1500 });
    expect(await slow.start(move())).toEqual({ kind: 'unknown', detail: 'no answer within 300 ms' });
    const port = await closedPort();
    const none = new OrangeWebPayment({
      orange: { ...orangeOf(stand), baseUrl: `http://127.0.0.1:${port}` },
      timeoutMs: 1000,
      returnUrl: RETURN_URL,
    });
    expect((await none.start(move())).kind).toBe('unknown');
  });

  it('never shows a credential in a detail', async () => {
    const wrong = new OrangeWebPayment({
      orange: orangeOf(stand, { ORANGE_CLIENT_SECRET: 'not-the-secret-0987' }),
      timeoutMs: 2000,
      returnUrl: RETURN_URL,
    });
    expect(await wrong.start(move())).toEqual({
      kind: 'refused',
      reason: 'provider_error',
      detail: 'Orange token: HTTP 401',
    });
    const echo = `${STAND_IN_ORANGE.clientSecret} ${STAND_IN_ORANGE.merchantKey}`;
    stand.script('orange', { status: 400, body: { code: 1, message: 'Bad Request', description: echo } });
    const refused = await orange.start(move());
    expect(refused).toMatchObject({ kind: 'refused', detail: expect.stringContaining('[redacted]') });
    for (const secret of Object.values(STAND_IN_ORANGE)) {
      expect(JSON.stringify(refused)).not.toContain(secret);
    }
  });
});

describe('status', () => {
  async function started(adapter = orange, standIn = stand) {
    const request = move();
    const { payToken } = accepted(await adapter.start(request));
    return { request: { ...request, payToken }, standIn };
  }

  it('is pending until the payer pays, then succeeded with the transaction id, and Orange notifies', async () => {
    const { request } = await started();
    expect(await orange.status(request)).toEqual({ kind: 'pending' });
    const before = receiver.received.length;
    expect(stand.wallet.approve(request.reference)).toBe(true);
    const record = stand.wallet.payment(request.reference);
    const txnid = record?.provider === 'orange' ? record.txnid : null;
    expect(txnid).toMatch(/^MP\d+$/);
    expect(await orange.status(request)).toEqual({ kind: 'succeeded', transactionId: txnid });
    const sent = stand.requests.filter((r) => r.path.endsWith('/transactionstatus')).at(-1);
    expect(sent?.body).toEqual({ order_id: request.reference, amount: 15000, pay_token: request.payToken });
    const [notification] = (await receiver.waitFor(before + 1)).slice(before);
    expect(notification).toEqual({
      method: 'POST',
      path: '/api/payments/orange/notify/x',
      body: { status: 'SUCCESS', notif_token: record?.provider === 'orange' ? record.notifToken : '', txnid },
    });
  });

  it("reads Orange Cameroon's SUCCESSFULL as succeeded", async () => {
    const cameroon = new OrangeWebPayment({
      orange: orangeOf(stand, { ORANGE_COUNTRY: 'cm' }),
      timeoutMs: 2000,
      returnUrl: RETURN_URL,
    });
    const { request } = await started(cameroon);
    stand.wallet.approve(request.reference);
    expect(stand.wallet.payment(request.reference)).toMatchObject({ status: 'SUCCESSFULL' });
    expect(await cameroon.status(request)).toMatchObject({ kind: 'succeeded' });
  });

  it('a rejected payment failed, an expired one expired', async () => {
    const rejected = (await started()).request;
    const expired = (await started()).request;
    stand.wallet.reject(rejected.reference);
    stand.wallet.expire(expired.reference);
    expect(await orange.status(rejected)).toEqual({
      kind: 'failed',
      reason: 'rejected',
      detail: 'Orange FAILED',
    });
    expect(await orange.status(expired)).toMatchObject({ kind: 'expired', reason: 'not_approved_in_time' });
  });

  it('the payment page pays, and sends the payer back', async () => {
    const { request } = await started();
    const page = await fetch(`${stand.url}/orange/pay/${request.payToken}`);
    expect(await page.text()).toContain('15000 XOF');
    const paid = await fetch(`${stand.url}/orange/pay/${request.payToken}/approve`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${RETURN_URL}?payment=${request.reference}`);
    expect((await orange.status(request)).kind).toBe('succeeded');
  });

  it('a pay token Orange never gave is not found; a 500 is unknown', async () => {
    expect(await orange.status(move({ payToken: 'v1unknown' }))).toEqual({ kind: 'not_found' });
    const { request } = await started();
    stand.script('orange', { status: 500 });
    expect((await orange.status(request)).kind).toBe('unknown');
  });

  it.each([
    ['INITIATED', { kind: 'pending' }],
    ['PENDING', { kind: 'pending' }],
    ['SUCCESS', { kind: 'succeeded', transactionId: 'MP1' }],
    ['SUCCESSFULL', { kind: 'succeeded', transactionId: 'MP1' }],
    ['FAILED', { kind: 'failed', reason: 'rejected' }],
    ['CANCELLED', { kind: 'failed', reason: 'rejected' }],
    ['EXPIRED', { kind: 'expired', reason: 'not_approved_in_time' }],
    ['REFUNDED', { kind: 'unknown' }],
  ])('Orange %s is %j', (status, expected) => {
    expect(statusAnswerOf(status, 'MP1', (line) => line)).toMatchObject(expected);
  });
});
