// The limit of each benchmarked write (issue 37): the same rows the write leaves, written by one statement in one
// transaction through the app's own database pool, answered by a bare Fastify route with the same body size. A
// write's ratio is its rate over this one's: what is left is the cost of checking, of more round trips and of the
// framework, not of the rows themselves.
import { type SQL, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import type { Database } from '../server/db/client';

/** The rows each write leaves (read from the statements it sends: `log_statement = all` on PostgreSQL). */
const LIMITS: Record<string, { params: number; text: string }> = {
  // A bid: the buyer's earlier pending bid on the listing withdrawn, the bid, the seller's notification.
  bid: {
    params: 3,
    text: `with withdrawn as (
        update bids set status = 'withdrawn', updated_at = now()
        where commodity_id = $1 and buyer_id = $2 and status = 'pending'),
      placed as (
        insert into bids (commodity_id, buyer_id, price_cents, quantity_kg, status, expires_at)
        values ($1, $2, 15000, 10, 'pending', now() + interval '7 days') returning id)
      insert into notifications (user_id, type, data, link)
      select $3, 'bid_received', '{}'::jsonb, '/marketplace#bids-received' from placed`,
  },
  // A post.
  post: {
    params: 2,
    text: `insert into posts (author_id, content, type, attachments) values ($1, $2, 'insight', '{}')`,
  },
  // A farm transaction: its journal entry, two lines and the transaction.
  transaction: {
    params: 3,
    text: `with entry as (
        insert into journal_entries (farm_id, date, memo, source_type) values ($1, current_date, 'seeds', 'transaction')
        returning id),
      lines as (
        insert into journal_lines (entry_id, account, debit_cents, credit_cents)
        select id, 'expense:seeds', $2, 0 from entry union all select id, 'cash', 0, $2 from entry)
      insert into finance_transactions (farm_id, type, category, amount_cents, date, payment_method, entry_id, created_by)
      select $1, 'expense', 'seeds', $2, current_date, 'cash', id, $3 from entry`,
  },
  // A delivery step: the delivery and its order updated, the timeline entry, the others on the order told.
  delivery: {
    params: 4,
    text: `with moved as (update deliveries set updated_at = now() where id = $1),
      touched as (update orders set updated_at = now() where id = $2),
      timeline as (insert into order_events (order_id, step, by_id) values ($2, 'in_transit', $3))
      insert into notifications (user_id, type, data, link)
      select u, 'order_update', '{}'::jsonb, '/orders' from unnest($4::int[]) u`,
  },
  // A payment recorded on an order: its journal entry and lines, the farm's income, the payment, the order's paid
  // amount, the timeline entry, the buyer told.
  payment: {
    params: 4,
    text: `with entry as (
        insert into journal_entries (farm_id, date, memo, source_type, source_id)
        values ($2, current_date, 'payment', 'payment', $1) returning id),
      lines as (
        insert into journal_lines (entry_id, account, debit_cents, credit_cents)
        select id, 'cash', 100, 0 from entry union all select id, 'receivables', 0, 100 from entry),
      income as (
        insert into finance_transactions (farm_id, type, category, amount_cents, date, payment_method, entry_id,
          order_id, created_by)
        select $2, 'income', 'order_payment', 100, current_date, 'cash', id, $1, $3 from entry),
      paid as (
        insert into order_payments (order_id, amount_cents, method, reference, paid_at, recorded_by, entry_id)
        select $1, 100, 'cash', 'bench', current_date::text, $3, id from entry),
      counted as (update orders set paid_cents = paid_cents + 100, updated_at = now() where id = $1),
      timeline as (insert into order_events (order_id, step, by_id, amount_cents) values ($1, 'payment', $3, 100))
      insert into notifications (user_id, type, data, link) values ($4, 'order_update', '{}'::jsonb, '/orders')`,
  },
  // A task marked done (or open again).
  task: {
    params: 3,
    text: `update crop_tasks set status = $2, done_at = case when $2 = 'done' then current_date end, recorded_by = $3
      where id = $1`,
  },
  // A lot movement (a loss): the lot's quantity and the movement.
  lot: {
    params: 2,
    text: `with taken as (
        update lots set quantity_kg = quantity_kg - 1 where id = $1 and quantity_kg - reserved_kg >= 1 returning id)
      insert into lot_movements (lot_id, kind, quantity_kg, reason, happened_on, by_id)
      select id, 'loss', -1, 'pests', current_date, $2 from taken`,
  },
  // An answer to an event.
  rsvp: {
    params: 3,
    text: `insert into calendar_rsvps (event_id, user_id, answer, channel, answered_at) values ($1, $2, $3, 'app', now())
      on conflict (event_id, user_id) do update
      set answer = excluded.answer, channel = excluded.channel, answered_at = excluded.answered_at`,
  },
};

export type LimitName = keyof typeof LIMITS;

/**
 * Serves `POST /limit/:name` with `[params]` as its JSON body on `port`: the statement of that write, run through
 * `database` (the app's own pool), answered with `bytes` bytes.
 */
export async function serveLimits(database: Database, port: number): Promise<() => Promise<void>> {
  const app = Fastify({ logger: false });
  const bodies = new Map<number, string>();
  app.post<{ Params: { name: string }; Querystring: { bytes?: string }; Body: unknown[] }>(
    '/limit/:name',
    async (request, reply) => {
      const limit = LIMITS[request.params.name];
      if (!limit || !Array.isArray(request.body) || request.body.length !== limit.params) {
        return reply.code(400).send({ message: 'unknown limit or wrong parameters' });
      }
      await database.db.execute(bind(limit.text, request.body));
      const size = Number(request.query.bytes ?? 300);
      let body = bodies.get(size);
      if (body === undefined) {
        body = `"${'x'.repeat(Math.max(0, size - 2))}"`;
        bodies.set(size, body);
      }
      reply.header('content-type', 'application/json; charset=utf-8');
      return reply.code(201).send(body);
    },
  );
  await app.listen({ port, host: '127.0.0.1' });
  return () => app.close();
}

/**
 * The statement with its parameters bound: the same text every time, so it is prepared once per connection, as the
 * app's own statements are (`server/db/client.ts` names every query text).
 */
function bind(text: string, params: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => {
    chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${param(params[Number(part) - 1])}`);
  });
  return sql.join(chunks);
}

function param(value: unknown): number | string {
  if (typeof value === 'number' && Number.isFinite(value)) {
    return value;
  }
  if (Array.isArray(value) && value.every((v) => Number.isInteger(v))) {
    return `{${value.join(',')}}`;
  }
  if (typeof value === 'string') {
    return value;
  }
  throw new Error(`a limit's parameter must be a number, a text or an array of integers: ${String(value)}`);
}
