// Cursor pagination, one kit for every list: `?limit=&cursor=` in, the next page's cursor in one header out.
import { z } from 'zod';
import { MAX_INT4, MAX_PAGE_LIMIT } from './constants';

interface PageQueryOptions<Cursor extends z.ZodType> {
  /** What a cursor looks like in this list (an id, `rank.id`, `date.id`…); it may be left out. */
  cursor: Cursor;
  defaultLimit: number;
  maxLimit: number;
  /** i18n keys for a bad `limit`: not an integer, out of range. Zod's own messages where left out. */
  limitErrors?: { invalid?: string; range?: string };
}

/** The query of one list: `limit` (1..maxLimit, defaultLimit when left out) and an optional `cursor`. */
export function pageQuery<Cursor extends z.ZodType>({
  cursor,
  defaultLimit,
  maxLimit,
  limitErrors = {},
}: PageQueryOptions<Cursor>) {
  const { invalid, range } = limitErrors;
  return z.object({
    limit: z.coerce
      .number(invalid === undefined ? undefined : { error: invalid })
      .int(invalid)
      .min(1, range)
      .max(maxLimit, range)
      .default(defaultLimit),
    cursor: cursor.optional(),
  });
}

/** The default page: up to 50 rows, at most MAX_PAGE_LIMIT, after the id of the previous page's last row. */
export const ZPageQuery = pageQuery({
  cursor: z.coerce.number().int().positive().max(MAX_INT4),
  defaultLimit: 50,
  maxLimit: MAX_PAGE_LIMIT,
});
