// Cursor pagination for list routes: a read of `limit + 1` rows cut into a page, the next page named in one header.
import type { FastifyReply } from 'fastify';
import { NEXT_CURSOR_HEADER } from '../../contract/constants';

interface Page<T> {
  items: T[];
  /** The cursor of the next page: null on the last one. */
  next: string | null;
}

/**
 * One page of the `limit + 1` rows a list read: the first `limit`, and the cursor of the last of them when a row
 * is left over (the extra row only says there is a next page).
 */
export function paginate<T>(rows: T[], limit: number, cursorOf: (row: T) => string | number): Page<T> {
  if (rows.length <= limit) {
    return { items: rows, next: null };
  }
  const items = rows.slice(0, limit);
  return { items, next: String(cursorOf(items[items.length - 1] as T)) };
}

/** Names the next page in the response; on the last page (null) the header is left out. */
export function setNextCursor(reply: FastifyReply, next: string | number | null): void {
  if (next !== null) {
    reply.header(NEXT_CURSOR_HEADER, String(next));
  }
}
