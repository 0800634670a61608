// A change to a farm's books, announced in the write's own transaction or statement: its event to the members who
// may read the books, and the notice that drops the farm's cached pages on every instance (the event names a
// transaction or a sale, not the farm).
import { type SQL, sql } from 'drizzle-orm';
import type { TLiveEvent } from '../../contract/events';
import type { Tx } from '../db/client';
import type { EventBus } from '../events/bus';
import { booksAudience, farmPagesChangedSql } from '../farms';

type BooksEvent = { type: TLiveEvent['type']; id: SQL };

/** Both NOTIFYs as one SQL expression of type text, to put in the write's statement. */
export function booksChangeSql(bus: EventBus, event: BooksEvent, farmId: number): SQL {
  return sql`concat((${bus.notifySql(event, booksAudience(farmId))})::text, (${farmPagesChangedSql(bus, farmId)})::text)`;
}

/** Both NOTIFYs in the write's transaction (one round trip): delivered only if it commits. */
export async function publishBooksChange(
  tx: Tx,
  bus: EventBus,
  event: { type: TLiveEvent['type']; id: number },
  farmId: number,
): Promise<void> {
  await tx.execute(sql`select ${booksChangeSql(bus, { type: event.type, id: sql`${event.id}` }, farmId)}`);
}
