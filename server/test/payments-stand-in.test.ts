// The payments stand-in itself, spoken to by hand: it must refuse what MTN and Orange refuse, call back the way
// they do and when a test says, and tell a crash test the exact moment a start arrives.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallbackReceiver, startCallbackReceiver } from './callback-receiver';
import {
  type PaymentsStandIn,
  STAND_IN_MOMO,
  type StartEvent,
  startPaymentsStandIn,
} from './payments-stand-in';

let stand: PaymentsStandIn;
let receiver: CallbackReceiver;

beforeAll(async () => {
  stand = await startPaymentsStandIn({ currency: 'XAF' });
  receiver = await startCallbackReceiver();
});

afterAll(async () => {
  await stand.close();
  await receiver.close();
});

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

async function token(product: 'collection' | 'disbursement', apiKey: string = STAND_IN_MOMO[product].apiKey) {
  const keys = STAND_IN_MOMO[product];
  return fetch(`${stand.url}/${product}/token/`, {
    method: 'POST',
    headers: { Authorization: basic(keys.userId, apiKey), 'Ocp-Apim-Subscription-Key': keys.subscriptionKey },
  });
}

async function requestToPay(
  options: { reference?: string; headers?: Record<string, string>; body?: Record<string, unknown> } = {},
) {
  const { access_token } = (await (await token('collection')).json()) as { access_token: string };
  const reference = options.reference ?? randomUUID();
  const response = await fetch(`${stand.url}/collection/v1_0/requesttopay`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${access_token}`,
      'X-Reference-Id': reference,
      'X-Target-Environment': 'sandbox',
      'Ocp-Apim-Subscription-Key': STAND_IN_MOMO.collection.subscriptionKey,
      'Content-Type': 'application/json',
      ...options.headers,
    },
    body: JSON.stringify({
      amount: '5000',
      currency: 'XAF',
      externalId: 'order-1',
      payer: { partyIdType: 'MSISDN', partyId: '237670000001' },
      payerMessage: 'Commande 1',
      payeeNote: 'Commande 1',
      ...options.body,
    }),
  });
  return { response, reference, token: access_token };
}

describe('MTN as the stand-in plays it', () => {
  it('gives a token for good credentials only', async () => {
    const good = await token('collection');
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ token_type: 'access_token', expires_in: 3600 });
    expect((await token('collection', 'wrong-key')).status).toBe(401);
    // One product's credentials are no good for the other.
    const crossed = await fetch(`${stand.url}/disbursement/token/`, {
      method: 'POST',
      headers: {
        Authorization: basic(STAND_IN_MOMO.collection.userId, STAND_IN_MOMO.collection.apiKey),
        'Ocp-Apim-Subscription-Key': STAND_IN_MOMO.collection.subscriptionKey,
      },
    });
    expect(crossed.status).toBe(401);
  });

  it('answers 202 with an empty body, and refuses what MTN refuses', async () => {
    const ok = await requestToPay();
    expect(ok.response.status).toBe(202);
    expect(await ok.response.text()).toBe('');
    const cases: [Parameters<typeof requestToPay>[0], number][] = [
      [{ reference: 'not-a-uuid' }, 400],
      [{ headers: { 'X-Target-Environment': 'mtncameroon' } }, 403],
      [{ headers: { 'Ocp-Apim-Subscription-Key': 'nope' } }, 401],
      [{ headers: { Authorization: 'Bearer forged' } }, 401],
      [{ body: { amount: 5000 } }, 400],
      [{ body: { amount: '5000.50' } }, 400],
      [{ body: { currency: 'EUR' } }, 400],
      [{ body: { payer: { partyIdType: 'MSISDN', partyId: '+237 67' } } }, 400],
      [{ body: { payerMessage: '' } }, 500],
      [{ body: { payeeNote: '   ' } }, 500],
      [{ reference: ok.reference }, 409],
    ];
    for (const [options, status] of cases) {
      const { response } = await requestToPay(options);
      expect({ options, status: response.status }).toEqual({ options, status });
    }
    expect(stand.wallet.requests(ok.reference)).toBe(2);
  });

  it('calls back once with PUT, after the delay a test sets, or not at all', async () => {
    const before = receiver.received.length;
    stand.script('momo', { callbackAfterMs: 200 }, { noCallback: true });
    const started = Date.now();
    const late = await requestToPay({ headers: { 'X-Callback-Url': `${receiver.url}/late` } });
    await requestToPay({ headers: { 'X-Callback-Url': `${receiver.url}/never` } });
    const soon = await requestToPay({ headers: { 'X-Callback-Url': `${receiver.url}/soon` } });
    expect([late, soon].map(({ response }) => response.status)).toEqual([202, 202]);
    await receiver.waitFor(before + 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await stand.settled();
    const paths = receiver.received.slice(before).map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual(['PUT /soon', 'PUT /late']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(receiver.received.at(-1)?.body).toMatchObject({ status: 'SUCCESSFUL', amount: '5000' });
  });

  it('tells a listener of a start after taking it and before answering', async () => {
    const events: StartEvent[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stop = stand.onRequest(async (event) => {
      events.push(event);
      await held;
    });
    let answered = false;
    const pending = requestToPay().then((result) => {
      answered = true;
      return result;
    });
    while (events.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(answered).toBe(false);
    expect(events[0]).toMatchObject({ provider: 'momo', kind: 'requesttopay', accepted: true });
    expect(stand.wallet.payment(events[0]?.reference ?? '')).toBeDefined();
    release();
    stop();
    expect((await pending).response.status).toBe(202);
  });

  it('keeps ongoing and delayed prompts for the wallet, and shows the balance', async () => {
    const ongoing = await requestToPay({
      body: { payer: { partyIdType: 'MSISDN', partyId: '46733123453' } },
    });
    expect(stand.wallet.payment(ongoing.reference)).toMatchObject({ status: 'ONGOING' });
    expect(stand.wallet.approve(ongoing.reference)).toBe(true);
    expect(stand.wallet.payment(ongoing.reference)).toMatchObject({ status: 'SUCCESSFUL' });
    const balance = await fetch(`${stand.url}/collection/v1_0/account/balance`, {
      headers: {
        Authorization: `Bearer ${ongoing.token}`,
        'X-Target-Environment': 'sandbox',
        'Ocp-Apim-Subscription-Key': STAND_IN_MOMO.collection.subscriptionKey,
      },
    });
    expect(await balance.json()).toEqual({
      availableBalance: String(stand.wallet.balances.collection),
      currency: 'XAF',
    });
    expect(stand.wallet.balances.collection).toBeGreaterThanOrEqual(5000);
  });
});

describe('the stand-in outside the tests', () => {
  it('imports no test framework, so the phone simulator can run it under plain node', () => {
    const here = dirname(fileURLToPath(import.meta.url));
    for (const file of ['payments-stand-in', 'payments-stand-in-momo', 'payments-stand-in-orange']) {
      const source = readFileSync(join(here, `${file}.ts`), 'utf8');
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
      expect(imports.filter((name) => !name?.startsWith('./') && !name?.startsWith('node:'))).toEqual([]);
    }
    for (const file of ['payments-stand-in-state', 'payments-stand-in-wire']) {
      const source = readFileSync(join(here, `${file}.ts`), 'utf8');
      expect(source).not.toMatch(/from '(?!\.\/|node:)/);
    }
  });

  it('listens on the port it is given (the simulator keeps MOMO_BASE_URL), and says when it is taken', async () => {
    const first = await startPaymentsStandIn();
    const port = Number(new URL(first.url).port);
    await first.close();
    const fixed = await startPaymentsStandIn({ port });
    try {
      expect(fixed.url).toBe(`http://127.0.0.1:${port}`);
      await expect(startPaymentsStandIn({ port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await fixed.close();
    }
  });
});
