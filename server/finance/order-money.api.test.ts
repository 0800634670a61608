// Tests that an order's money shows among the seller farm's transactions (issue 28 item 10): a payment received as
// money in, with its method and reference, in the CSV too; reversed when the order is cancelled; a dispute's refund
// handed back as money out; and none of it reversible by hand, since it changes through the order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTransaction } from '../../contract/finance';
import type { TOrder } from '../../contract/orders';
import { soldFromFarm } from '../test/completed-order';
import { userWithRole } from '../test/factories';
import { call, createTestApp, ok, type Session, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const send = (session: Session, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  call(t.app, session.cookie, { method, url, ...(payload ? { payload } : {}) });

/** A farmer with a farm sells 2 t of maize at 250.00/t (an order of 500.00) to a buyer. */
const order = () => soldFromFarm(t.app, t.ctx);

const transactions = async (farmer: Session, farmId: number) =>
  ok<TTransaction[]>(await send(farmer, 'GET', `/api/farms/${farmId}/transactions`));

describe("an order's money among the farm's transactions", () => {
  it('lists a payment as money in, with its method and reference, in the CSV, and not reversible by hand', async () => {
    const s = await order();
    await ok(
      await send(s.farmer, 'POST', `/api/orders/${s.order.id}/payments`, {
        amount: 120.5,
        method: 'bank',
        reference: 'TRF-88',
      }),
      201,
    );
    const [payment] = await transactions(s.farmer, s.farmId);
    expect(payment).toMatchObject({
      type: 'income',
      category: 'order_payment',
      amount: 120.5,
      paymentMethod: 'bank_transfer',
      reference: 'TRF-88',
      orderId: s.order.id,
      reversed: false,
    });
    const reverse = await send(
      s.farmer,
      'POST',
      `/api/farms/${s.farmId}/transactions/${payment?.id}/reversal`,
    );
    expect(reverse.statusCode).toBe(409);
    expect(reverse.json().message).toMatch(/order/i);
    expect((await transactions(s.farmer, s.farmId))[0]?.reversed).toBe(false);

    await send(s.farmer, 'PATCH', '/api/user/language', { language: 'fr' });
    const csv = await call(t.app, s.farmer.cookie, {
      method: 'GET',
      url: `/api/farms/${s.farmId}/transactions.csv`,
    });
    expect(csv.body).toContain('Paiement de commande');
    expect(csv.body).toContain(`;120,5;USD;;Virement bancaire;TRF-88;non;`);
    expect(csv.body.trimEnd().endsWith(`;${s.order.id}`)).toBe(true);
  });

  it('marks the payment reversed when the order is cancelled and the money goes back', async () => {
    const s = await order();
    await ok(
      await send(s.farmer, 'POST', `/api/orders/${s.order.id}/payments`, { amount: 100, method: 'cash' }),
      201,
    );
    await ok(await send(s.farmer, 'POST', `/api/orders/${s.order.id}/cancel`, { reason: 'no truck' }));
    const list = await transactions(s.farmer, s.farmId);
    expect(list).toEqual([
      expect.objectContaining({ category: 'order_payment', amount: 100, reversed: true }),
    ]);
  });

  it("lists a dispute's refund handed back as money out", async () => {
    const s = await order();
    const driver = await userWithRole(t.app, t.ctx, 'delivery');
    const assigned = await ok<TOrder>(
      await send(s.farmer, 'POST', `/api/orders/${s.order.id}/delivery`, { driverId: driver.user.id }),
      201,
    );
    const deliveryId = assigned.delivery?.id ?? 0;
    await ok(await send(driver, 'PATCH', `/api/deliveries/${deliveryId}`, { status: 'accepted' }));
    await ok(await send(driver, 'PATCH', `/api/deliveries/${deliveryId}`, { status: 'picked_up' }));
    const code = (await ok<TOrder>(await send(s.buyer, 'GET', `/api/orders/${s.order.id}`))).handoverCode;
    await ok(await send(driver, 'PATCH', `/api/deliveries/${deliveryId}`, { status: 'delivered', code }));
    await ok(
      await send(s.farmer, 'POST', `/api/orders/${s.order.id}/payments`, { amount: 500, method: 'cash' }),
      201,
    );
    await ok(
      await send(s.buyer, 'POST', `/api/orders/${s.order.id}/dispute`, { reason: 'quantity', note: 'short' }),
      201,
    );
    const manager = await userWithRole(t.app, t.ctx, 'manager');
    await ok(
      await send(manager, 'PATCH', `/api/orders/${s.order.id}/dispute`, {
        resolution: 'partial_refund',
        amount: 37.5,
        note: 'short weight confirmed',
      }),
    );
    const [refund, payment] = await transactions(s.farmer, s.farmId);
    expect(refund).toMatchObject({
      type: 'expense',
      category: 'order_refund',
      amount: 37.5,
      orderId: s.order.id,
    });
    expect(payment).toMatchObject({ type: 'income', category: 'order_payment', amount: 500 });
  });
});
