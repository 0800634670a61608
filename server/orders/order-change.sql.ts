// The end of an order's change as one statement: its timeline entries, the writes others contribute (the
// notifications of the people on the order, built by the notifications module) and the live events' NOTIFYs.
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import type { orderEvents } from './orders.schema';

/**
 * The end of a change as one statement (one round trip): its timeline entries (none, or the step and what followed
 * from it, in that order), the data-modifying CTEs `writes` names (the notifications of the people on the order) and
 * the NOTIFYs `announce` makes.
 */
export async function recordChange(
  tx: Tx,
  events: readonly (typeof orderEvents.$inferInsert)[],
  writes: readonly { name: string; write: SQL }[],
  announce: SQL,
): Promise<void> {
  const rows = events.map(
    (event) => sql`(${event.orderId}::int, ${event.step}::text, ${event.byId ?? null}::int,
      ${event.note ?? null}::text, ${event.amountCents ?? null}::bigint, ${event.quantityKg ?? null}::int)`,
  );
  const timeline = rows.length > 0 && {
    name: 'timeline',
    write: sql`insert into order_events (order_id, step, by_id, note, amount_cents, quantity_kg)
      values ${sql.join(rows, sql`, `)}`,
  };
  const ctes = [...(timeline ? [timeline] : []), ...writes];
  const head =
    ctes.length === 0
      ? sql``
      : sql`with ${sql.join(
          ctes.map((c) => sql`${sql.raw(c.name)} as (${c.write})`),
          sql`, `,
        )} `;
  await tx.execute(sql`${head}select (${announce})::text`);
}
