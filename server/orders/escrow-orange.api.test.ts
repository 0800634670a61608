// Paying an order with Orange Money: the start gives the payer Orange's page, Orange's notification with the token it
// gave settles the payment (after its status call says so), and one with a wrong token changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMobilePayment } from '../../contract/payments';
import { mobilePayment, orderOf, payByMobile, paymentsApp } from '../test/escrow-flow';
import { provenSale } from '../test/escrow-steps';
import type { TestApp } from '../test/harness';
import { type PaymentsStandIn, startPaymentsStandIn } from '../test/payments-stand-in';

let stand: PaymentsStandIn;
let t: TestApp;

beforeAll(async () => {
  stand = await startPaymentsStandIn();
  t = await paymentsApp(stand);
});

afterAll(async () => {
  await t.close();
  await stand.close();
});

const statusCalls = (reference: string) =>
  stand.requests.filter(
    (r) => r.path.endsWith('/transactionstatus') && JSON.stringify(r.body).includes(`"${reference}"`),
  );

/** The payment as its payer sees it once it leaves `pending` (a notification's status call runs behind its 200). */
async function settledPayment(
  buyer: Parameters<typeof mobilePayment>[1],
  id: number,
): Promise<TMobilePayment> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const payment = (await mobilePayment(t, buyer, id)).json<TMobilePayment>();
    if (payment.status !== 'pending' || Date.now() > deadline) {
      return payment;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const notify = (reference: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/orange/notify/${reference}`,
    ...(payload ? { payload } : {}),
  });

describe('paying with Orange Money', () => {
  it("gives Orange's page, and takes the payment when the payer approves there and Orange notifies", async () => {
    const sold = await provenSale(t);
    const started = await payByMobile(t, sold.buyer, sold.order.id, { provider: 'orange_money' });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({
      provider: 'orange_money',
      status: 'pending',
      amount: 500,
      phone: null,
    });
    expect(started.body.reference.length).toBeLessThanOrEqual(30);
    const page = started.body.paymentUrl ?? '';
    expect(page.startsWith(`${stand.url}/orange/pay/`)).toBe(true);
    expect(stand.wallet.requests(started.body.reference)).toBe(1);

    // The payer approves on Orange's page; Orange notifies with its token; the status call confirms.
    const approved = await fetch(`${page}/approve`, { method: 'POST' });
    expect(approved.ok).toBe(true);
    await stand.settled();
    expect(stand.callbacks.some((c) => c.url.endsWith(started.body.reference) && c.status === 200)).toBe(
      true,
    );
    expect(await settledPayment(sold.buyer, started.body.id)).toMatchObject({ status: 'succeeded' });
    expect(statusCalls(started.body.reference).length).toBeGreaterThanOrEqual(1);
    const order = await orderOf(t, sold.buyer, sold.order.id);
    expect(order.payments).toEqual([expect.objectContaining({ amount: 500, method: 'mobile_money' })]);
    expect(order.escrow).toMatchObject({ held: 500 });
    expect(stand.wallet.requests(started.body.reference)).toBe(1);
  });

  it('changes nothing on a notification with a wrong or no notif_token, and settles on the right one', async () => {
    const sold = await provenSale(t);
    stand.script('orange', { noCallback: true });
    const started = await payByMobile(t, sold.buyer, sold.order.id, { provider: 'orange_money' });
    expect(started.status).toBe(201);
    const { reference } = started.body;
    // Paid at Orange, but nobody told us yet.
    expect(stand.wallet.approve(reference)).toBe(true);
    const move = stand.wallet.payment(reference);
    if (move?.provider !== 'orange') {
      throw new Error('no Orange payment');
    }
    for (const payload of [
      { status: 'SUCCESS', notif_token: 'f'.repeat(32), txnid: 'MP1' },
      { status: 'SUCCESS', txnid: 'MP1' },
      { status: 'SUCCESS', notif_token: '', txnid: 'MP1' },
      undefined,
    ]) {
      const res = await notify(reference, payload);
      // Answered as any notification (an empty body is a clear 400), and taken for nothing.
      expect(res.statusCode, JSON.stringify(payload)).toBe(payload ? 200 : 400);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await mobilePayment(t, sold.buyer, started.body.id)).json().status).toBe('pending');
    expect(statusCalls(reference)).toHaveLength(0);
    expect((await orderOf(t, sold.buyer, sold.order.id)).payment.paid).toBe(0);

    const right = await notify(reference, {
      status: 'SUCCESS',
      notif_token: move.notifToken,
      txnid: move.txnid,
    });
    expect(right.statusCode).toBe(200);
    expect(await settledPayment(sold.buyer, started.body.id)).toMatchObject({ status: 'succeeded' });
    expect(statusCalls(reference).length).toBeGreaterThanOrEqual(1);
    expect((await orderOf(t, sold.buyer, sold.order.id)).payment).toMatchObject({ paid: 500, due: 0 });
  });

  it('believes the status call, not the notification: a "SUCCESS" for a payment the payer cancelled fails it', async () => {
    const sold = await provenSale(t);
    stand.script('orange', { noCallback: true });
    const started = await payByMobile(t, sold.buyer, sold.order.id, { provider: 'orange_money' });
    const { reference } = started.body;
    expect(stand.wallet.reject(reference)).toBe(true);
    const move = stand.wallet.payment(reference);
    if (move?.provider !== 'orange') {
      throw new Error('no Orange payment');
    }
    await notify(reference, { status: 'SUCCESS', notif_token: move.notifToken, txnid: 'MP-forged' });
    const payment = await settledPayment(sold.buyer, started.body.id);
    expect(payment.status).toBe('failed');
    expect((await orderOf(t, sold.buyer, sold.order.id)).payment.paid).toBe(0);
  });
});
