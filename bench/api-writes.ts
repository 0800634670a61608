// The writes `bench:api` measures, each with its limit (bench/write-limits.ts): the same rows in one statement,
// asked with the same users and ids as the write itself, so that neither waits on row locks the other does not.
import type autocannon from 'autocannon';
import type { RequestContext, RequestParams } from 'autocannon';
import type { LimitName } from './write-limits';

type Options = Parameters<typeof autocannon>[0];

export interface Target {
  name: string;
  kind: 'read' | 'write';
  /** DESIGN §8 sets a budget for this route (for writes: on PostgreSQL only). */
  budgeted: boolean;
  /** A hot read with issue 21's target (≥ 50 % of bare, p99 ≤ 50 ms). */
  hot: boolean;
  path: string;
  /** The response size the bare route answers with. */
  bytes: number;
  options: (url: string, connections: number, duration: number) => Options;
  /** A write's limit, asked of the limit server (reads are compared with the bare route). */
  limit?: (url: string, connections: number, duration: number) => Options;
}

export interface WriteFixture {
  buyers: { cookie: string; id: number }[];
  /** Listings to bid on, with their sellers. */
  listings: { id: number; ownerId: number }[];
  farmers: { cookie: string; id: number; farmId: number; taskId: number; lotId: number }[];
  /** Sellers with orders to record payments on (fresh each run). */
  payers: { cookie: string; id: number; orders: { id: number; farmId: number; buyerId: number }[] }[];
  /** Drivers with deliveries to move on (fresh each run). */
  drivers: { cookie: string; id: number; deliveries: { id: number; orderId: number; people: number[] }[] }[];
  eventId: number;
}

export const ORDER_STEP = 'PATCH /api/deliveries/:id';
export const PAYMENT = 'POST /api/orders/:id/payments';
/** The steps a driver takes in turn on each assigned delivery (the last, delivered, needs the buyer's code). */
export const DRIVER_STEPS = ['accepted', 'picked_up', 'in_transit'] as const;

interface Asked {
  method: 'POST' | 'PATCH';
  path: string;
  body: unknown;
  /** The limit's parameters for the same rows. */
  limit: unknown[];
}

type Mode = 'real' | 'limit';

/**
 * One item per connection, taken in turn from `items` (so writes spread over as many users as connections). The
 * real writes and their limits keep their progress apart (a copy of each item each): a limit must not take the
 * steps the real writes are to take.
 */
function rotate<T extends object>(items: T[]) {
  const copies = {
    real: items.map((i) => ({ ...i, next: 0 })),
    limit: items.map((i) => ({ ...i, next: 0 })),
  };
  const counters = { real: 0, limit: 0 };
  return (context: RequestContext, mode: Mode): T & { next: number } => {
    if (context.item === undefined) {
      context.item = copies[mode][counters[mode]++ % items.length];
    }
    return context.item as T & { next: number };
  };
}

function target(
  name: string,
  limit: LimitName,
  ask: (c: RequestContext, n: number, mode: Mode) => Asked & { cookie: string },
  budgeted = true,
): Target {
  let n = 0;
  let m = 0;
  const request = (base: string, cookie: string, asked: Asked, r: RequestParams): RequestParams => ({
    ...r,
    method: asked.method,
    path: asked.path,
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify(asked.body),
  });
  return {
    name,
    kind: 'write',
    budgeted,
    hot: false,
    path: name.split(' ')[1] ?? '',
    bytes: 300,
    options: (url, connections, duration) => ({
      url,
      connections,
      duration,
      requests: [
        {
          setupRequest: (r, context) => {
            const asked = ask(context, n++, 'real');
            return request(url, asked.cookie, asked, r);
          },
        },
      ],
    }),
    limit: (url, connections, duration) => ({
      url,
      connections,
      duration,
      requests: [
        {
          setupRequest: (r, context) => ({
            ...r,
            method: 'POST',
            path: `/limit/${limit}`,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(ask(context, m++, 'limit').limit),
          }),
        },
      ],
    }),
  };
}

/** Writes spread over many users (one per connection) so that the per-user write rate limit is not what is measured. */
export function writeTargets(fixture: WriteFixture): Target[] {
  const buyer = rotate(fixture.buyers);
  const farmer = rotate(fixture.farmers);
  // Progress is kept per user, not per connection: every run opens new connections on the same users.
  const payer = rotate(fixture.payers);
  const driver = rotate(fixture.drivers);
  const today = () => new Date().toISOString().slice(0, 10);
  return [
    target('POST /api/bids', 'bid', (c, n, mode) => {
      const listing = fixture.listings[n % fixture.listings.length] ?? { id: 0, ownerId: 0 };
      const b = buyer(c, mode);
      return {
        cookie: b.cookie,
        method: 'POST',
        path: '/api/bids',
        body: { commodityId: listing.id, price: '150', quantity: '0.01' },
        limit: [listing.id, b.id, listing.ownerId],
      };
    }),
    target('POST /api/posts', 'post', (c, n, mode) => {
      const b = buyer(c, mode);
      const content = `Benchmark post ${n}`;
      return {
        cookie: b.cookie,
        method: 'POST',
        path: '/api/posts',
        body: { content, type: 'insight' },
        limit: [b.id, content],
      };
    }),
    target('POST /api/farms/:id/transactions', 'transaction', (c, n, mode) => {
      const f = farmer(c, mode);
      const amount = 1 + (n % 500);
      return {
        cookie: f.cookie,
        method: 'POST',
        path: `/api/farms/${f.farmId}/transactions`,
        body: {
          type: 'expense',
          category: 'seeds',
          amount: String(amount),
          date: today(),
          paymentMethod: 'cash',
        },
        limit: [f.farmId, amount * 100, f.id],
      };
    }),
    // The step most taken on an order: a driver moves a delivery on (accepted, picked up, in transit in turn).
    target(
      ORDER_STEP,
      'delivery',
      (c, _n, mode) => {
        const d = driver(c, mode);
        const step = d.next++;
        const index = Math.min(Math.floor(step / DRIVER_STEPS.length), d.deliveries.length - 1);
        const delivery = d.deliveries[index] ?? { id: 0, orderId: 0, people: [] };
        return {
          cookie: d.cookie,
          method: 'PATCH',
          path: `/api/deliveries/${delivery.id}`,
          body: { status: DRIVER_STEPS[step % DRIVER_STEPS.length] },
          limit: [delivery.id, delivery.orderId, d.id, delivery.people],
        };
      },
      false,
    ),
    // The seller records money received, over their orders in turn (a response lists the order's payments).
    target(
      PAYMENT,
      'payment',
      (c, _n, mode) => {
        const p = payer(c, mode);
        const order = p.orders[p.next++ % p.orders.length] ?? { id: 0, farmId: 0, buyerId: 0 };
        return {
          cookie: p.cookie,
          method: 'POST',
          path: `/api/orders/${order.id}/payments`,
          body: { amount: '1', method: 'cash', reference: 'bench' },
          limit: [order.id, order.farmId, p.id, order.buyerId],
        };
      },
      false,
    ),
    // A farmer marks their task done, then open again.
    target(
      'PATCH /api/tasks/:id',
      'task',
      (c, _n, mode) => {
        const f = farmer(c, mode);
        const status = f.next++ % 2 === 0 ? 'done' : 'open';
        return {
          cookie: f.cookie,
          method: 'PATCH',
          path: `/api/tasks/${f.taskId}`,
          body: { status },
          limit: [f.taskId, status, f.id],
        };
      },
      false,
    ),
    // A kilogram lost from a farm's lot.
    target(
      'POST /api/lots/:id/movements',
      'lot',
      (c, _n, mode) => {
        const f = farmer(c, mode);
        return {
          cookie: f.cookie,
          method: 'POST',
          path: `/api/lots/${f.lotId}/movements`,
          body: { kind: 'loss', quantity: '0.001', reason: 'pests', date: today() },
          limit: [f.lotId, f.id],
        };
      },
      false,
    ),
    // An answer to a public event, yes and no in turn.
    target(
      'POST /api/calendar/:id/rsvp',
      'rsvp',
      (c, _n, mode) => {
        const f = farmer(c, mode);
        const answer = f.next++ % 2 === 0 ? 'yes' : 'no';
        return {
          cookie: f.cookie,
          method: 'POST',
          path: `/api/calendar/${fixture.eventId}/rsvp`,
          body: { answer },
          limit: [fixture.eventId, f.id, answer],
        };
      },
      false,
    ),
  ];
}
