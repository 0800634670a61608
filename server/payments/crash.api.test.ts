// Nothing is asked of MTN twice: a server SIGKILLed while MTN holds its request to pay (taken, not yet answered),
// restarted on the same database, asks MTN about that reference and never sends it again; an answer lost after
// MTN took the request (in-process) ends the same way.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrder } from '../../contract/orders';
import { soldFromFarm } from '../test/completed-order';
import { freePort, mobilePayment, orderOf, payByMobile, paymentsApp, workQueue } from '../test/escrow-flow';
import {
  momoEnv,
  orangeEnv,
  type PaymentsStandIn,
  type StartEvent,
  startPaymentsStandIn,
} from '../test/payments-stand-in';

const postgresUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const onPostgres = postgresUrl !== undefined;
const root = mkdtempSync(join(tmpdir(), 'terroir-pay-crash-'));
/** The lease of a claim is 5 s + 2 × this: a short timeout lets the restarted server take the move over soon. */
const TIMEOUT_MS = 500;
/** The server child's DATABASE_URL: a fresh PostgreSQL database, or '' for PGlite in a folder of `root`. */
let databaseUrl = '';
let dropDatabase: () => Promise<void> = () => Promise.resolve();
let stand: PaymentsStandIn;

beforeAll(async () => {
  stand = await startPaymentsStandIn();
  if (!postgresUrl) {
    return;
  }
  const name = `terroir_paycrash_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(postgresUrl);
  target.pathname = `/${name}`;
  databaseUrl = target.toString();
  dropDatabase = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
});

afterAll(async () => {
  await stand.close();
  await dropDatabase();
  rmSync(root, { recursive: true, force: true });
});

/** The real server as a child process on `root`'s database, MTN and Orange on the stand-in, polling fast. */
async function start(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(root, 'db'),
      DATABASE_URL: databaseUrl,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'fatal',
      WEB_DIST: join(root, 'no-web'),
      CURRENCY: 'XAF',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PAYMENTS_POLL_MS: '200',
      // Tests never reach the real weather provider.
      WEATHER: 'off',
      OUTBOUND_TIMEOUT_MS: String(TIMEOUT_MS),
      ...momoEnv(stand),
      ...orangeEnv(stand),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}`);
    }
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    ) {
      return child;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

/** A JSON request to the child as the session `cookie` (null: anonymous). */
async function send(port: number, cookie: string | null, method: string, url: string, body?: object) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as unknown, res };
}

async function registered(port: number, role: 'farmer' | 'buyer'): Promise<string> {
  const username = `${role}_${randomBytes(4).toString('hex')}`;
  const { status, res } = await send(port, null, 'POST', '/api/register', {
    username,
    password: 'long-enough-pw',
    role,
  });
  expect(status).toBe(201);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** A farmer's listing, a buyer's bid, accepted: the buyer's order (2 t at 250: 500 due). */
async function saleOn(port: number): Promise<{ buyer: string; order: TOrder }> {
  const farmer = await registered(port, 'farmer');
  const buyer = await registered(port, 'buyer');
  const listing = await send(port, farmer, 'POST', '/api/commodities', {
    name: 'Maize',
    quantity: 10,
    price: 200,
    grade: 'A',
  });
  expect(listing.status).toBe(201);
  const bid = await send(port, buyer, 'POST', '/api/bids', {
    commodityId: (listing.json as { id: number }).id,
    price: 250,
    quantity: 2,
  });
  expect(bid.status).toBe(201);
  const bidId = (bid.json as { id: number }).id;
  expect((await send(port, farmer, 'PATCH', `/api/bids/${bidId}`, { status: 'accepted' })).status).toBe(200);
  const orders = await send(port, buyer, 'GET', '/api/orders?as=buyer&limit=1');
  const [order] = orders.json as TOrder[];
  if (!order) {
    throw new Error('no order');
  }
  return { buyer, order };
}

const statusQuestions = (reference: string) =>
  stand.requests.filter((r) => r.method === 'GET' && r.path === `/collection/v1_0/requesttopay/${reference}`);
const starts = (reference: string) =>
  stand.requests.filter(
    (r) =>
      r.method === 'POST' &&
      r.path === '/collection/v1_0/requesttopay' &&
      r.headers['x-reference-id'] === reference,
  );

describe(`${onPostgres ? 'PostgreSQL' : 'embedded database'}: a crash between MTN's 202 and our commit`, () => {
  it('asks MTN about the same reference after the restart and never requests the payment again', {
    timeout: 120_000,
  }, async () => {
    const port = await freePort();
    let server = await start(port);
    const { buyer, order } = await saleOn(port);
    expect(order.payment.due).toBe(500);

    // MTN takes the request to pay; before its 202 leaves, the server dies (no shutdown, nothing committed after).
    const exited = new Promise((r) => server.once('exit', r));
    let taken: StartEvent | null = null;
    const stop = stand.onRequest(async (event) => {
      if (event.kind !== 'requesttopay' || taken) {
        return;
      }
      taken = event;
      server.kill('SIGKILL');
      await exited;
    });
    // No callback: the restarted server must find out by asking.
    stand.script('momo', { noCallback: true });
    const cut = await send(port, buyer, 'POST', `/api/orders/${order.id}/mobile-payments`, {
      provider: 'mtn_momo',
      phone: '237670000002',
    }).catch((error: unknown) => error);
    expect(cut).toBeInstanceOf(Error);
    await exited;
    stop();
    const event = taken as StartEvent | null;
    const reference = event?.reference;
    if (!event?.accepted || !reference) {
      throw new Error('MTN never took the request to pay');
    }
    expect(stand.wallet.requests(reference)).toBe(1);
    expect(statusQuestions(reference)).toHaveLength(0);

    server = await start(port);
    try {
      // The claim of the dead server runs out (5 s + 2 × the timeout), then the queue takes the move over.
      const deadline = Date.now() + 60_000;
      let seen: TOrder | null = null;
      while (Date.now() < deadline) {
        seen = (await send(port, buyer, 'GET', `/api/orders/${order.id}`)).json as TOrder;
        if (seen.mobilePayments[0]?.status !== 'pending') {
          break;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(seen?.mobilePayments).toEqual([
        expect.objectContaining({ reference, status: 'succeeded', amount: 500 }),
      ]);
      // MTN was asked about the reference, and never asked to pay it again.
      expect(statusQuestions(reference).length).toBeGreaterThanOrEqual(1);
      expect(stand.wallet.requests(reference)).toBe(1);
      expect(starts(reference)).toHaveLength(1);
      // In the order once.
      expect(seen?.payment).toMatchObject({ paid: 500, due: 0 });
      expect(seen?.payments).toEqual([expect.objectContaining({ amount: 500, method: 'mobile_money' })]);
      expect(seen?.escrow).toMatchObject({ held: 500 });
      // A while later (more polls), still once.
      await new Promise((r) => setTimeout(r, 1_000));
      const later = (await send(port, buyer, 'GET', `/api/orders/${order.id}`)).json as TOrder;
      expect(later.payments).toHaveLength(1);
      expect(later.payment.paid).toBe(500);
      expect(stand.wallet.requests(reference)).toBe(1);
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  });
});

describe('an answer lost after MTN took the request to pay', () => {
  it('asks MTN about the reference instead of requesting again, and takes the payment once', async () => {
    const t = await paymentsApp(stand, { OUTBOUND_TIMEOUT_MS: String(TIMEOUT_MS) });
    try {
      const sold = await soldFromFarm(t.app, t.ctx);
      // The request to pay is taken, then the connection closes without MTN's 202.
      stand.script('momo', { drop: true }, { noCallback: true });
      const started = await payByMobile(t, sold.buyer, sold.order.id, {
        provider: 'mtn_momo',
        phone: '237670000002',
      });
      expect(started.status).toBe(201);
      const { reference } = started.body;
      expect(stand.wallet.requests(reference)).toBe(1);
      expect(started.body.status).toBe('pending');

      await workQueue(t.ctx);
      await workQueue(t.ctx);
      expect((await mobilePayment(t, sold.buyer, started.body.id)).json().status).toBe('succeeded');
      expect(statusQuestions(reference).length).toBeGreaterThanOrEqual(1);
      expect(stand.wallet.requests(reference)).toBe(1);
      const order = await orderOf(t, sold.buyer, sold.order.id);
      expect(order.payments).toEqual([expect.objectContaining({ amount: 500, method: 'mobile_money' })]);
      expect(order.payment).toMatchObject({ paid: 500, due: 0 });
    } finally {
      await t.close();
    }
  });
});
