// Events people meet at: the events a reader may see (public, or their groups'), each with its group, organiser,
// lessons and answers counted, and the writes of an event itself.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Role } from '../../contract/constants';
import { rowsOf, type Tx } from '../db/client';
import { calendarEvents } from './calendar.schema';

export type EventRow = typeof calendarEvents.$inferSelect;
export type NewEvent = typeof calendarEvents.$inferInsert;

/** An event as a reader sees it: the row with names, counts and the reader's own part. */
export interface EventView {
  event: EventRow;
  groupName: string | null;
  organiserName: string;
  yes: number;
  no: number;
  maybe: number;
  attended: number;
  myAnswer: 'yes' | 'no' | 'maybe' | null;
  /** The reader's role in the event's group when they are an active member, else null. */
  myGroupRole: string | null;
}

export interface Viewer {
  id: number;
  role: Role;
}

/** Whether `viewer` may see the event of alias `e`: public, theirs, their group's (active member), or a manager. */
export function visibleSql(viewer: Viewer): SQL {
  return sql`(e.group_id is null or e.organiser_id = ${viewer.id} or ${viewer.role} = 'manager'
    or exists (select 1 from group_members m where m.group_id = e.group_id and m.user_id = ${viewer.id}
      and m.status = 'active'))`;
}

interface ViewSqlRow {
  id: number;
  group_name: string | null;
  organiser_name: string;
  yes: number;
  no: number;
  maybe: number;
  attended: number;
  my_answer: EventView['myAnswer'];
  my_group_role: string | null;
}

/** The events matching `where` (over alias `e`) that `viewer` may see, in `order`, with what a reader is shown. */
async function viewsWhere(
  db: Tx,
  viewer: Viewer,
  where: SQL,
  order: SQL,
  limit: number,
): Promise<EventView[]> {
  const rows = rowsOf<ViewSqlRow>(
    await db.execute(sql`
      select e.id, g.name as group_name, u.username as organiser_name,
        count(r.user_id) filter (where r.answer = 'yes')::int as yes,
        count(r.user_id) filter (where r.answer = 'no')::int as no,
        count(r.user_id) filter (where r.answer = 'maybe')::int as maybe,
        count(r.checked_in_at)::int as attended,
        max(r.answer) filter (where r.user_id = ${viewer.id}) as my_answer,
        (select m.role from group_members m where m.group_id = e.group_id and m.user_id = ${viewer.id}
          and m.status = 'active') as my_group_role
      from calendar_events e
      join users u on u.id = e.organiser_id
      left join groups g on g.id = e.group_id
      left join calendar_rsvps r on r.event_id = e.id
      where ${visibleSql(viewer)} and ${where}
      group by e.id, g.name, u.username
      order by ${order}
      limit ${limit}`),
  );
  if (rows.length === 0) {
    return [];
  }
  const events = await db
    .select()
    .from(calendarEvents)
    .where(sql`${calendarEvents.id} = any(${`{${rows.map((r) => r.id).join(',')}}`}::int[])`);
  const byId = new Map(events.map((e) => [e.id, e]));
  return rows.flatMap((r) => {
    const event = byId.get(r.id);
    return event
      ? [
          {
            event,
            groupName: r.group_name,
            organiserName: r.organiser_name,
            yes: r.yes,
            no: r.no,
            maybe: r.maybe,
            attended: r.attended,
            myAnswer: r.my_answer,
            myGroupRole: r.my_group_role,
          },
        ]
      : [];
  });
}

export async function eventView(db: Tx, viewer: Viewer, id: number): Promise<EventView | null> {
  const [view] = await viewsWhere(db, viewer, sql`e.id = ${id}`, sql`e.id`, 1);
  return view ?? null;
}

/** Coming events (ending after `from`, starting before `to`), soonest first; or past ones, latest first. */
export function eventPage(
  db: Tx,
  viewer: Viewer,
  filter: { from: Date; to: Date; past: boolean; groupId?: number | undefined; limit: number },
): Promise<EventView[]> {
  const group = filter.groupId === undefined ? sql`true` : sql`e.group_id = ${filter.groupId}`;
  const when = filter.past
    ? sql`e.ends_at <= ${filter.from.toISOString()}::timestamptz`
    : sql`e.ends_at > ${filter.from.toISOString()}::timestamptz and e.starts_at < ${filter.to.toISOString()}::timestamptz`;
  const order = filter.past ? sql`e.starts_at desc, e.id desc` : sql`e.starts_at, e.id`;
  return viewsWhere(db, viewer, sql`${group} and ${when}`, order, filter.limit);
}

/** The events a user takes part in (answered yes/maybe, organises, or their groups'), from `from`, soonest first. */
export function eventsOfUser(db: Tx, viewer: Viewer, from: Date, limit: number): Promise<EventView[]> {
  return viewsWhere(
    db,
    viewer,
    sql`e.ends_at > ${from.toISOString()}::timestamptz and (e.organiser_id = ${viewer.id} or e.group_id is not null
      or exists (select 1 from calendar_rsvps mine where mine.event_id = e.id and mine.user_id = ${viewer.id}
        and mine.answer in ('yes', 'maybe')))`,
    sql`e.starts_at, e.id`,
    limit,
  );
}

export async function insertEvent(db: Tx, values: NewEvent): Promise<EventRow> {
  const [row] = await db.insert(calendarEvents).values(values).returning();
  if (!row) {
    throw new Error('event not inserted');
  }
  return row;
}

export async function updateEvent(db: Tx, id: number, values: Partial<NewEvent>): Promise<void> {
  await db
    .update(calendarEvents)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(calendarEvents.id, id));
}

/** The event's row, locked for a write that depends on it (an answer against its capacity). */
export async function lockEvent(db: Tx, id: number): Promise<EventRow | null> {
  const [row] = await db.select().from(calendarEvents).where(eq(calendarEvents.id, id)).for('update');
  return row ?? null;
}

/**
 * The event, held against a change or a cancellation until the transaction ends, but not against other answers:
 * hundreds of members answering one collection day at once do not wait for one another.
 */
export async function holdEvent(db: Tx, id: number): Promise<EventRow | null> {
  const [row] = await db.select().from(calendarEvents).where(eq(calendarEvents.id, id)).for('share');
  return row ?? null;
}

/** The class of the advisory locks that queue the answers to one event whose places are counted. */
const ANSWERS_LOCK_CLASS = 7_302;

/** Queues the answers to this event until the transaction ends (so that two cannot both take its last place). */
export async function queueAnswers(db: Tx, eventId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${ANSWERS_LOCK_CLASS}, ${eventId})`);
}

/** The published lessons among `ids`, with their titles in both languages. */
export async function lessonsByIds(
  db: Tx,
  ids: readonly number[],
): Promise<{ id: number; slug: string; en: string | null; fr: string | null }[]> {
  if (ids.length === 0) {
    return [];
  }
  return rowsOf(
    await db.execute(sql`
      select id, slug, published -> 'en' ->> 'title' as en, published -> 'fr' ->> 'title' as fr
      from lessons where id = any(${`{${ids.join(',')}}`}::int[]) and published is not null order by id`),
  );
}

/** The co-operative's collection day covering `day`, not cancelled (the latest announced if several). */
export async function collectionDayRow(db: Tx, groupId: number, day: string): Promise<EventRow | null> {
  const [row] = await db
    .select()
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.groupId, groupId),
        eq(calendarEvents.kind, 'collection_day'),
        sql`${calendarEvents.cancelledAt} is null`,
        sql`(${calendarEvents.startsAt} at time zone 'UTC')::date <= ${day}::date`,
        sql`(${calendarEvents.endsAt} at time zone 'UTC')::date >= ${day}::date`,
      ),
    )
    .orderBy(sql`${calendarEvents.id} desc`)
    .limit(1);
  return row ?? null;
}

/** The active members of a group. */
export async function groupMemberIds(db: Tx, groupId: number): Promise<number[]> {
  return rowsOf<{ user_id: number }>(
    await db.execute(
      sql`select user_id from group_members where group_id = ${groupId} and status = 'active' order by user_id`,
    ),
  ).map((r) => r.user_id);
}

/** Each user's language, for texts made when a notification is written (an event's time). */
export async function languagesOf(db: Tx, userIds: readonly number[]): Promise<Map<number, 'en' | 'fr'>> {
  if (userIds.length === 0) {
    return new Map();
  }
  const rows = rowsOf<{ id: number; language: 'en' | 'fr' }>(
    await db.execute(sql`select id, language from users where id = any(${`{${userIds.join(',')}}`}::int[])`),
  );
  return new Map(rows.map((r) => [r.id, r.language]));
}

export async function groupNameOf(db: Tx, groupId: number | null): Promise<string | null> {
  if (groupId === null) {
    return null;
  }
  const [row] = rowsOf<{ name: string }>(
    await db.execute(sql`select name from groups where id = ${groupId}`),
  );
  return row?.name ?? null;
}

/** An `int[]` of a group's active members and the managers: who hears a members-only event live. */
export function groupAudienceSql(groupId: number): SQL {
  return sql`(select array(select user_id from group_members where group_id = ${groupId} and status = 'active'
    union select id from users where role = 'manager'))`;
}

export async function roleOf(db: Tx, userId: number): Promise<Role | null> {
  const [row] = rowsOf<{ role: Role }>(await db.execute(sql`select role from users where id = ${userId}`));
  return row?.role ?? null;
}

export async function eventIdByTitle(db: Tx, organiserId: number, title: string): Promise<number | null> {
  const [row] = await db
    .select({ id: calendarEvents.id })
    .from(calendarEvents)
    .where(and(eq(calendarEvents.organiserId, organiserId), eq(calendarEvents.title, title)))
    .limit(1);
  return row?.id ?? null;
}

/** A group's id and its active members, by the group's name (the demo names its co-operative). */
export async function groupByName(db: Tx, name: string): Promise<{ id: number; members: number[] } | null> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from groups where name = ${name} limit 1`),
  );
  return row ? { id: row.id, members: await groupMemberIds(db, row.id) } : null;
}

/** Published lessons' ids by slug. */
export async function lessonIdsBySlugs(db: Tx, slugs: readonly string[]): Promise<number[]> {
  if (slugs.length === 0) {
    return [];
  }
  return rowsOf<{ id: number }>(
    await db.execute(
      sql`select id from lessons where slug = any(${`{${slugs.join(',')}}`}::text[]) and published is not null order by id`,
    ),
  ).map((r) => r.id);
}
