// Who may hear a live event, and the NOTIFY that carries it there with its audience (never sent on to browsers).
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { EVENTS_CHANNEL, type TLiveEvent, ZLiveEvent } from '../../contract/events';

/**
 * Who may hear an event; every publisher names one, so a new event cannot reach everyone by omission.
 * - `'public'`: what every signed-in user may read anyway (listings, market trades, the feed, the directory).
 * - `userIds`: these users; an SQL item is a column or subquery of the write's own statement (a listing's owner).
 * - `userIdsSql`: an `int[]` expression evaluated in the write's own statement, e.g. the members of a farm (see
 *   `farmAudience`): the audience is read in the transaction that commits the change, on whichever instance.
 */
export type Audience = 'public' | { userIds: readonly (number | SQL)[] } | { userIdsSql: SQL };

/** Who a received event is for: every signed-in user, or these users. */
export type Recipients = '*' | readonly number[];

/**
 * User ids per notification: 400 ids of up to 10 digits keep a payload far below PostgreSQL's 8000-byte limit;
 * a longer audience goes out as several notifications of the same event, each naming part of it.
 */
export const AUDIENCE_CHUNK = 400;

/** A notification between instances: the event as browsers get it, and `to`, its audience. */
export const ZNotice = ZLiveEvent.extend({
  // Absent only from a writer that predates audiences: heard by the caches, delivered to no stream.
  to: z.union([z.literal('*'), z.array(z.number().int())]).optional(),
});

/** What a stream sends: type and id, and `userId` only to the user it names (never anyone's audience). */
export function forRecipient(event: TLiveEvent, userId: number): TLiveEvent {
  return event.userId === userId
    ? { type: event.type, id: event.id, userId }
    : { type: event.type, id: event.id };
}

export function reaches(to: Recipients, userId: number): boolean {
  return to === '*' || to.includes(userId);
}

type Announced = { type: TLiveEvent['type']; id: number | SQL; userId?: number | undefined };

/**
 * The NOTIFY (an SQL expression of type text) of `event` for `audience`, to run in the write's transaction or
 * statement. The query text depends only on the audience's shape, not on how many users it names.
 */
export function notifyExpression(event: Announced, audience: Audience): SQL {
  const subject = event.userId === undefined ? sql`` : sql`, 'userId', ${event.userId}::int`;
  const fields = sql`'type', ${event.type}::text, 'id', (${event.id})::int${subject}`;
  if (audience === 'public') {
    return sql`pg_notify(${EVENTS_CHANNEL}, json_build_object(${fields}, 'to', '*'::text)::text)`;
  }
  const ids = 'userIdsSql' in audience ? audience.userIdsSql : userIdArray(audience.userIds);
  const size = sql.raw(String(AUDIENCE_CHUNK));
  return sql`(select string_agg(pg_notify(${EVENTS_CHANNEL}, json_build_object(${fields},
      'to', to_json(a.ids[c * ${size} + 1 : (c + 1) * ${size}]))::text)::text, '')
    from (select array_remove(${ids}, null) as ids) a,
      generate_series(0, greatest(cardinality(a.ids) - 1, 0) / ${size}) as c)`;
}

/** Every manager (they oversee orders, agreements and the operator's books): an `int[]` read as the event commits. */
export const managersSql = sql`array(select id from users where role = 'manager')`;

/** An `int[]` SQL expression of user ids: known ids travel as one parameter, so the statement's text stays the same. */
export function userIdArray(items: readonly (number | SQL)[]): SQL {
  const known = [...new Set(items.filter((i): i is number => typeof i === 'number'))];
  const computed = items.filter((i): i is SQL => typeof i !== 'number');
  const list = sql`string_to_array(${known.join(',')}::text, ',')::int[]`;
  if (computed.length === 0) {
    return list;
  }
  const extra = sql.join(
    computed.map((c) => sql`(${c})::int`),
    sql`, `,
  );
  return sql`(${list} || array[${extra}])`;
}
