// Deposit receipts through the real server: a lot deposited in a co-op store gets one (and its depositor a
// notification); anyone with the code sees exactly what it certifies and its status as the lot is moved and sold; a
// wrong code says only "not found", a malformed one is refused, and look-ups from one address are rate-limited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNotification } from '../../contract/notifications';
import { RECEIPT_CODE_ALPHABET, RECEIPT_LOOKUPS_PER_MINUTE, type TReceipt } from '../../contract/stock';
import { sender } from '../test/agent-sale';
import { refused } from '../test/crops';
import { userWithRole } from '../test/factories';
import { call, createTestApp, nextIp, ok, type Session, type TestApp } from '../test/harness';
import { listFrom, lotIn, lotOf, openStore } from '../test/stock';

let t: TestApp;
let farmer: Session;
let manager: Session;
let coopId: number;
beforeAll(async () => {
  t = await createTestApp();
  farmer = await userWithRole(t.app, t.ctx, 'farmer');
  manager = await userWithRole(t.app, t.ctx, 'manager');
  coopId = (
    await openStore(send, manager, { name: 'Bafoussam co-op store', kind: 'coop', location: 'Bafoussam' })
  ).id;
});
afterAll(async () => {
  await t.close();
});

const send = sender(() => t.app);
/** A look-up as anyone (no session), from a new address unless one is given. */
const lookUp = (code: string, remoteAddress = nextIp()) =>
  call(t.app, null, { method: 'GET', url: `/api/receipts/${code}`, remoteAddress });

/** 3 t of grade B maize at 12.5 % deposited by the manager for the farmer: the lot and its receipt's code. */
async function deposit() {
  const lot = await lotIn(send, manager, coopId, {
    ownerId: farmer.user.id,
    quantity: 3,
    grade: 'B',
    moisture: 12.5,
  });
  const code = lot.receipt?.code ?? '';
  return { lot, code };
}

describe('a receipt', () => {
  it('is issued for a deposit, not for a lot in its owner’s own store', async () => {
    const { lot, code } = await deposit();
    expect(lot.receipt).toMatchObject({ status: 'valid' });
    expect(code).toHaveLength(10);
    expect([...code].every((c) => RECEIPT_CODE_ALPHABET.includes(c))).toBe(true);
    const home = await openStore(send, farmer);
    expect((await lotIn(send, farmer, home.id)).receipt).toBeNull();
  });

  it('answers anyone with the code exactly what it certifies, nothing else', async () => {
    const { lot, code } = await deposit();
    const receipt = await ok<TReceipt>(await lookUp(code));
    expect(Object.keys(receipt).sort()).toEqual(
      [
        'code',
        'crop',
        'depositedAt',
        'depositor',
        'grade',
        'held',
        'moisture',
        'number',
        'quantity',
        'status',
        'store',
      ].sort(),
    );
    expect(Object.keys(receipt.store).sort()).toEqual(['location', 'name']);
    expect(receipt).toEqual({
      number: lot.receipt?.number,
      code,
      depositor: farmer.user.username,
      crop: 'Maize',
      grade: 'B',
      moisture: 12.5,
      quantity: 3,
      held: 3,
      store: { name: 'Bafoussam co-op store', location: 'Bafoussam' },
      depositedAt: receipt.depositedAt,
      status: 'valid',
    });
    expect(Number.isNaN(Date.parse(receipt.depositedAt))).toBe(false);
    // Typed from paper in lower case, it is the same receipt.
    expect((await ok<TReceipt>(await lookUp(code.toLowerCase()))).number).toBe(receipt.number);
  });

  it('dates the deposit the day the goods came in, though recorded later', async () => {
    const day = new Date(Date.now() - 9 * 86_400_000).toISOString().slice(0, 10);
    const lot = await lotIn(send, manager, coopId, { ownerId: farmer.user.id, date: day });
    const receipt = await ok<TReceipt>(await lookUp(lot.receipt?.code ?? ''));
    expect(receipt.depositedAt.slice(0, 10)).toBe(day);
  });

  it('is partly withdrawn once part of the lot leaves, withdrawn once all has', async () => {
    const { lot, code } = await deposit();
    await ok(
      await send(manager, 'POST', `/api/lots/${lot.id}/movements`, {
        kind: 'loss',
        quantity: 0.5,
        reason: 'moisture',
      }),
      201,
    );
    expect(await ok<TReceipt>(await lookUp(code))).toMatchObject({
      status: 'partly_withdrawn',
      quantity: 3,
      held: 2.5,
    });
    // The depositor sells the rest from the co-op store.
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    const listed = await listFrom(send, farmer, lot.id, 2.5, { grade: 'B' });
    const bid = await ok<{ id: number }>(
      await send(buyer, 'POST', '/api/bids', { commodityId: listed.id, price: 300, quantity: 2.5 }),
      201,
    );
    await ok(await send(farmer, 'PATCH', `/api/bids/${bid.id}`, { status: 'accepted' }));
    expect(await ok<TReceipt>(await lookUp(code))).toMatchObject({ status: 'withdrawn', held: 0 });
    expect((await lotOf(send, farmer, lot.id)).receipt).toMatchObject({ status: 'withdrawn' });
  });

  it('tells the depositor, with its number and code', async () => {
    const { lot, code } = await deposit();
    const notes = await ok<TNotification[]>(await send(farmer, 'GET', '/api/notifications'));
    const note = notes.find((n) => n.type === 'stock_receipt' && n.data.code === code);
    expect(note).toMatchObject({
      link: `/receipts/${code}`,
      data: { number: lot.receipt?.number, store: 'Bafoussam co-op store' },
    });
    expect(note?.text).toBeTruthy();
  });
});

describe('look-ups that fail', () => {
  it('a wrong code: 404 "not found" and nothing more', async () => {
    const res = await lookUp('ABCDEFGHJK');
    refused(res, 404, 'stock.errors.receiptNotFound');
    expect(Object.keys(res.json()).sort()).toEqual(['code', 'message']);
  });

  it('a malformed code: 400', async () => {
    for (const code of ['SHORT', 'ABCDEFGHJKL', 'ABCDEFGHI1', 'ABCDEFGH0O', 'ABCD%20FGHJ']) {
      expect((await lookUp(code)).statusCode, code).toBe(400);
    }
  });

  it(`past ${RECEIPT_LOOKUPS_PER_MINUTE} a minute from one address: 429, whether the code is right or not`, async () => {
    const { code } = await deposit();
    const ip = nextIp();
    for (let i = 0; i < RECEIPT_LOOKUPS_PER_MINUTE; i += 1) {
      expect((await lookUp(i % 2 ? code : 'ABCDEFGHJK', ip)).statusCode).not.toBe(429);
    }
    const limited = await lookUp(code, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rateLimited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await lookUp(code)).statusCode).toBe(200);
  });
});
