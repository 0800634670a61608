// A sale set up through the API, for browser tests whose subject is what follows it (the order, its hand-over, its
// rating): the seller lists 5 t at 300.00/t, the buyer bids, the seller accepts.
import type { APIRequestContext } from 'playwright-core';
import { expect } from 'vitest';

/** The body of a response that must have `status`. */
export async function expectJson<T>(
  response: Promise<{ status: () => number; json: () => Promise<unknown> }>,
  status: number,
) {
  const res = await response;
  expect(res.status()).toBe(status);
  return (await res.json()) as T;
}

/** The order made of the accepted bid, as its buyer reads it (with the hand-over code). */
export async function sellByApi(
  seller: APIRequestContext,
  buyer: APIRequestContext,
  trade: { name: string; price: number; quantity: number },
): Promise<{ id: number; handoverCode: string }> {
  const listing = await expectJson<{ id: number }>(
    seller.post('/api/commodities', { data: { name: trade.name, quantity: 5, price: 300, grade: 'A' } }),
    201,
  );
  const bid = await expectJson<{ id: number }>(
    buyer.post('/api/bids', {
      data: { commodityId: listing.id, price: trade.price, quantity: trade.quantity },
    }),
    201,
  );
  await expectJson(seller.patch(`/api/bids/${bid.id}`, { data: { status: 'accepted' } }), 200);
  const [order] = await expectJson<{ id: number; handoverCode: string }[]>(
    buyer.get('/api/orders?as=buyer&limit=1'),
    200,
  );
  if (!order) {
    throw new Error('no order');
  }
  return order;
}
