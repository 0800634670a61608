// The MTN MoMo adapters against the local stand-in speaking MTN's formats: what goes on the wire, every sandbox
// number's outcome in our terms, the token's life, and every way an answer can go missing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type MomoConfig, type PaymentsConfig } from '../../config';
import { type CallbackReceiver, closedPort, startCallbackReceiver } from '../../test/callback-receiver';
import {
  momoEnv,
  type PaymentsStandIn,
  STAND_IN_MOMO,
  startPaymentsStandIn,
} from '../../test/payments-stand-in';
import { collectionAdapter, disbursementAdapter } from './adapters';
import { MomoCollection } from './momo';
import type { CollectionAdapter, DisbursementAdapter, MoveRequest } from './provider';

let stand: PaymentsStandIn;
let receiver: CallbackReceiver;
let payments: PaymentsConfig;

function configFor(standIn: PaymentsStandIn, extra: Record<string, string> = {}): PaymentsConfig {
  return loadConfig({ NODE_ENV: 'test', CURRENCY: 'XAF', ...momoEnv(standIn), ...extra }).payments;
}

function momoOf(standIn: PaymentsStandIn, extra: Record<string, string> = {}): MomoConfig {
  const { momo } = configFor(standIn, extra);
  if (!momo) {
    throw new Error('MTN should be configured');
  }
  return momo;
}

beforeAll(async () => {
  stand = await startPaymentsStandIn();
  receiver = await startCallbackReceiver();
  payments = configFor(stand, { OUTBOUND_TIMEOUT_MS: '2000' });
});

afterAll(async () => {
  await stand.close();
  await receiver.close();
});

const move = (overrides: Partial<MoveRequest> = {}): MoveRequest => ({
  reference: randomUUID(),
  amount: '180000',
  currency: 'XAF',
  phone: '237670000001',
  externalId: 'order-243',
  payerMessage: 'Maïs, commande 243',
  payeeNote: 'Terroir commande 243',
  callbackUrl: null,
  language: 'fr',
  payToken: null,
  ...overrides,
});

/** Fresh adapters for each test: each has its own token cache. */
let collection: CollectionAdapter;
let disbursement: DisbursementAdapter;
beforeEach(() => {
  const c = collectionAdapter(payments, 'mtn_momo', 'http://app.test/orders');
  const d = disbursementAdapter(payments);
  if (!c || !d) {
    throw new Error('MTN should be configured');
  }
  collection = c;
  disbursement = d;
});

const calls = (path: string) => stand.requests.filter((r) => r.path === path).length;
const secrets = [
  ...Object.values(STAND_IN_MOMO.collection),
  ...Object.values(STAND_IN_MOMO.disbursement),
  Buffer.from(`${STAND_IN_MOMO.collection.userId}:${STAND_IN_MOMO.collection.apiKey}`).toString('base64'),
];
const expectNoSecret = (text: string) => {
  for (const secret of secrets) {
    expect(text).not.toContain(secret);
  }
};

describe('the factory', () => {
  it('has no MTN adapter when its products are not configured', () => {
    const off = loadConfig({ NODE_ENV: 'test' }).payments;
    expect(collectionAdapter(off, 'mtn_momo', 'http://app.test/orders')).toBeNull();
    expect(disbursementAdapter(off)).toBeNull();
    const collectionOnly = configFor(stand, { MOMO_DISBURSEMENT_API_KEY: '' });
    expect(collectionAdapter(collectionOnly, 'mtn_momo', 'http://app.test/orders')).toBeInstanceOf(
      MomoCollection,
    );
    expect(disbursementAdapter(collectionOnly)).toBeNull();
  });
});

describe('request to pay', () => {
  it('sends the documented request and the payment succeeds by its status', async () => {
    const request = move({ callbackUrl: `${receiver.url}/api/payments/momo/callback/x?key=k` });
    const answer = await collection.start(request);
    expect(answer).toEqual({ kind: 'accepted', paymentUrl: null, payToken: null, notifToken: null });
    const sent = stand.requests.filter((r) => r.path === '/collection/v1_0/requesttopay').at(-1);
    expect(sent?.headers).toMatchObject({
      'x-reference-id': request.reference,
      'x-target-environment': 'sandbox',
      'x-callback-url': request.callbackUrl,
      'ocp-apim-subscription-key': STAND_IN_MOMO.collection.subscriptionKey,
      'content-type': 'application/json',
    });
    expect(sent?.headers.authorization).toMatch(/^Bearer \S+$/);
    expect(sent?.body).toEqual({
      amount: '180000',
      currency: 'XAF',
      externalId: 'order-243',
      payer: { partyIdType: 'MSISDN', partyId: '237670000001' },
      payerMessage: 'Maïs, commande 243',
      payeeNote: 'Terroir commande 243',
    });
    const status = await collection.status(request);
    const record = stand.wallet.payment(request.reference);
    expect(record?.provider === 'momo' && record.financialTransactionId).toMatch(/^\d+$/);
    expect(status).toEqual({
      kind: 'succeeded',
      transactionId: record?.provider === 'momo' ? record.financialTransactionId : 'missing',
    });
  });

  it('leaves X-Callback-Url out without a callback, and never sends an empty message or an ampersand', async () => {
    const request = move({ payerMessage: ' ', payeeNote: 'Maïs & sorgho' });
    expect((await collection.start(request)).kind).toBe('accepted');
    const sent = stand.requests.filter((r) => r.path === '/collection/v1_0/requesttopay').at(-1);
    expect(sent?.headers['x-callback-url']).toBeUndefined();
    expect(sent?.body).toMatchObject({ payerMessage: 'order-243', payeeNote: 'Maïs sorgho' });
  });

  it.each([
    ['46733123450', { kind: 'failed', reason: 'provider_error' }],
    ['46733123451', { kind: 'failed', reason: 'rejected' }],
    ['46733123452', { kind: 'expired', reason: 'not_approved_in_time' }],
    ['46733123453', { kind: 'pending' }],
    ['46733123454', { kind: 'pending' }],
    ['46733123455', { kind: 'failed', reason: 'number_not_registered' }],
    ['46733123461', { kind: 'failed', reason: 'provider_error' }],
    ['46733123462', { kind: 'failed', reason: 'provider_unavailable' }],
    ['46733123463', { kind: 'expired', reason: 'not_approved_in_time' }],
    ['46733123499', { kind: 'succeeded' }],
  ])('sandbox payer %s comes to %j', async (phone, expected) => {
    const request = move({ phone, currency: 'XAF' });
    expect((await collection.start(request)).kind).toBe('accepted');
    expect(await collection.status(request)).toMatchObject(expected);
  });

  it('reads the reason whether MTN sends it as a string or as an object', async () => {
    const stringy = await startPaymentsStandIn({ reasonShape: 'string' });
    try {
      const adapter = new MomoCollection({ momo: momoOf(stringy), timeoutMs: 2000 });
      const request = move({ phone: '46733123451' });
      await adapter.start(request);
      expect(await adapter.status(request)).toEqual({
        kind: 'failed',
        reason: 'rejected',
        detail: 'MTN FAILED APPROVAL_REJECTED',
      });
    } finally {
      await stringy.close();
    }
    const request = move({ phone: '46733123451' });
    await collection.start(request);
    expect(await collection.status(request)).toEqual({
      kind: 'failed',
      reason: 'rejected',
      detail: 'MTN FAILED APPROVAL_REJECTED: The transaction failed: APPROVAL_REJECTED',
    });
  });

  it('takes a 409 for our reference as accepted: it exists, and it was asked once more only', async () => {
    const request = move();
    expect((await collection.start(request)).kind).toBe('accepted');
    expect(await collection.start(request)).toEqual({
      kind: 'accepted',
      paymentUrl: null,
      payToken: null,
      notifToken: null,
    });
    expect(stand.wallet.requests(request.reference)).toBe(2);
    expect((await collection.status(request)).kind).toBe('succeeded');
  });

  it('is refused, with our reason, when MTN says why', async () => {
    const euro = await collection.start(move({ currency: 'EUR' }));
    const xafOnly = await startPaymentsStandIn({ currency: 'XAF' });
    try {
      const adapter = new MomoCollection({ momo: momoOf(xafOnly), timeoutMs: 2000 });
      expect(await adapter.start(move({ currency: 'EUR' }))).toMatchObject({
        kind: 'refused',
        reason: 'invalid_currency',
      });
    } finally {
      await xafOnly.close();
    }
    // The shared stand-in takes any currency the app asks in.
    expect(euro.kind).toBe('accepted');
    expect(await collection.start(move({ reference: 'not-a-uuid' }))).toMatchObject({
      kind: 'refused',
      reason: 'provider_error',
    });
    stand.script('momo', { status: 400, body: { code: 'PAYER_LIMIT_REACHED', message: 'Limit reached' } });
    expect(await collection.start(move())).toEqual({
      kind: 'refused',
      reason: 'limit_reached',
      detail: 'MTN HTTP 400 PAYER_LIMIT_REACHED: Limit reached',
    });
    expect(await collection.start(move({ phone: null }))).toMatchObject({
      kind: 'refused',
      reason: 'no_proven_number',
    });
  });
});

describe('the token', () => {
  it('is asked once per product and kept across calls', async () => {
    const tokensBefore = calls('/collection/token/');
    const transfersBefore = calls('/disbursement/token/');
    const request = move();
    await collection.start(request);
    await collection.status(request);
    await collection.start(move());
    expect(calls('/collection/token/') - tokensBefore).toBe(1);
    await disbursement.transfer(move());
    await disbursement.transfer(move());
    expect(calls('/disbursement/token/') - transfersBefore).toBe(1);
    const token = stand.requests.filter((r) => r.path === '/collection/token/').at(-1);
    expect(token?.headers).toMatchObject({
      authorization: `Basic ${secrets[6]}`,
      'ocp-apim-subscription-key': STAND_IN_MOMO.collection.subscriptionKey,
    });
  });

  it('is asked once for calls made at the same time', async () => {
    const adapter = new MomoCollection({ momo: momoOf(stand), timeoutMs: 2000 });
    const before = calls('/collection/token/');
    const answers = await Promise.all([adapter.start(move()), adapter.start(move()), adapter.status(move())]);
    expect(answers.map((a) => a.kind)).toEqual(['accepted', 'accepted', 'not_found']);
    expect(calls('/collection/token/') - before).toBe(1);
  });

  it('is asked again shortly before it expires', async () => {
    let now = 1_000_000;
    const adapter = new MomoCollection({ momo: momoOf(stand), timeoutMs: 2000, now: () => now });
    const before = calls('/collection/token/');
    await adapter.start(move());
    now += 49 * 60 * 1000;
    await adapter.start(move());
    expect(calls('/collection/token/') - before).toBe(1);
    now += 2 * 60 * 1000;
    await adapter.start(move());
    expect(calls('/collection/token/') - before).toBe(2);
  });

  it('is asked again once on a 401, and the call made again once', async () => {
    const first = move();
    await collection.start(first);
    const before = calls('/collection/token/');
    stand.script('momo', { tokenExpired: true });
    const request = move();
    expect((await collection.start(request)).kind).toBe('accepted');
    expect(calls('/collection/token/') - before).toBe(1);
    expect(stand.wallet.requests(request.reference)).toBe(2);
    // A second 401 in a row is not chased: refused, no third attempt.
    stand.script('momo', { tokenExpired: true }, { tokenExpired: true });
    const again = move();
    expect(await collection.start(again)).toMatchObject({ kind: 'refused', reason: 'provider_error' });
    expect(stand.wallet.requests(again.reference)).toBe(2);
    stand.script('momo', { tokenExpired: true });
    expect((await collection.status(first)).kind).toBe('succeeded');
  });

  it('refused credentials refuse the call, and never show in the detail', async () => {
    const adapter = new MomoCollection({
      momo: momoOf(stand, { MOMO_COLLECTION_API_KEY: 'wrong-api-key-4567' }),
      timeoutMs: 2000,
    });
    const answer = await adapter.start(move());
    expect(answer).toEqual({ kind: 'refused', reason: 'provider_error', detail: 'MTN token: HTTP 401' });
    expect((await adapter.status(move())).kind).toBe('unknown');
  });
});

describe('an answer that never comes', () => {
  it('a 500 or a 503 to a request to pay is unknown', async () => {
    stand.script('momo', { status: 500 }, { status: 503 });
    expect(await collection.start(move())).toMatchObject({
      kind: 'unknown',
      detail: expect.stringContaining('500'),
    });
    expect(await collection.start(move())).toMatchObject({
      kind: 'unknown',
      detail: expect.stringContaining('503'),
    });
  });

  it('a lost answer is unknown, and the payment it made is found by its status', async () => {
    const request = move();
    stand.script('momo', { drop: true });
    expect((await collection.start(request)).kind).toBe('unknown');
    expect(stand.wallet.requests(request.reference)).toBe(1);
    expect((await collection.status(request)).kind).toBe('succeeded');
  });

  it('an answer later than the timeout is unknown', async () => {
    const adapter = new MomoCollection({ momo: momoOf(stand), timeoutMs: 300 });
    await adapter.start(move());
    stand.script('momo', { hangMs: 1500 });
    expect(await adapter.start(move())).toEqual({ kind: 'unknown', detail: 'MTN: no answer within 300 ms' });
  });

  it('no server at all is unknown', async () => {
    const port = await closedPort();
    const adapter = new MomoCollection({
      momo: { ...momoOf(stand), baseUrl: `http://127.0.0.1:${port}` },
      timeoutMs: 1000,
    });
    expect((await adapter.start(move())).kind).toBe('unknown');
    expect((await adapter.status(move())).kind).toBe('unknown');
  });

  it('a status question answered 500 is unknown; a reference MTN never saw is not found', async () => {
    const request = move();
    await collection.start(request);
    stand.script('momo', { status: 500 });
    expect((await collection.status(request)).kind).toBe('unknown');
    expect(await collection.status(move())).toEqual({ kind: 'not_found' });
  });

  it('credentials echoed back by MTN never reach a detail', async () => {
    const echo = `${STAND_IN_MOMO.collection.apiKey} ${STAND_IN_MOMO.collection.subscriptionKey} ${secrets[6]}`;
    stand.script(
      'momo',
      { status: 400, body: { code: 'NOT_ALLOWED', message: `bad ${echo}` } },
      { status: 500, body: { code: 'INTERNAL_PROCESSING_ERROR', message: echo } },
    );
    const refused = await collection.start(move());
    const unknown = await collection.start(move());
    expect(refused).toMatchObject({ kind: 'refused', reason: 'not_allowed' });
    for (const answer of [refused, unknown]) {
      expect('detail' in answer && answer.detail).toContain('[redacted]');
      expectNoSecret(JSON.stringify(answer));
    }
  });
});

describe('polls and the wallet', () => {
  it('stays pending for the polls scripted, then says how it ended', async () => {
    stand.script('momo', { pendingPolls: 2 }, { fail: 'NOT_ENOUGH_FUNDS' });
    const request = move();
    await collection.start(request);
    expect((await collection.status(request)).kind).toBe('pending');
    expect((await collection.status(request)).kind).toBe('pending');
    expect((await collection.status(request)).kind).toBe('succeeded');
    const poor = move();
    await collection.start(poor);
    expect(await collection.status(poor)).toMatchObject({ kind: 'failed', reason: 'not_enough_funds' });
  });
});

describe('transfer', () => {
  it('pays the payee, within the balance', async () => {
    const request = move({ amount: '5000', phone: '237670000009' });
    expect((await disbursement.transfer(request)).kind).toBe('accepted');
    const sent = stand.requests.filter((r) => r.path === '/disbursement/v1_0/transfer').at(-1);
    expect(sent?.headers['ocp-apim-subscription-key']).toBe(STAND_IN_MOMO.disbursement.subscriptionKey);
    expect(sent?.body).toMatchObject({ payee: { partyIdType: 'MSISDN', partyId: '237670000009' } });
    expect((await disbursement.status(request)).kind).toBe('succeeded');
    // The collection's status path does not know a transfer.
    expect(await collection.status(request)).toEqual({ kind: 'not_found' });
  });

  it('fails past the balance, and on an unknown payee', async () => {
    const tooMuch = move({ amount: String(stand.wallet.balances.disbursement + 1) });
    await disbursement.transfer(tooMuch);
    expect(await disbursement.status(tooMuch)).toMatchObject({ kind: 'failed', reason: 'not_enough_funds' });
    const nobody = move({ phone: '46733123455' });
    await disbursement.transfer(nobody);
    expect(await disbursement.status(nobody)).toMatchObject({
      kind: 'failed',
      reason: 'number_not_registered',
      detail: expect.stringContaining('PAYEE_NOT_FOUND'),
    });
  });
});
