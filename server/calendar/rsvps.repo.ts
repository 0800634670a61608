// Each person's part in an event: their answer (by app, SMS or USSD), their check-in, and the invitation a phone's
// `1`/`2` answers.
import { sql } from 'drizzle-orm';
import type { RsvpAnswer } from '../../contract/calendar';
import { rowsOf, type Tx } from '../db/client';
import { calendarInvitations, calendarRsvps } from './calendar.schema';

export type Channel = 'app' | 'sms' | 'ussd';

export async function saveAnswer(
  db: Tx,
  values: { eventId: number; userId: number; answer: RsvpAnswer; channel: Channel },
): Promise<void> {
  const now = new Date();
  await db
    .insert(calendarRsvps)
    .values({ ...values, answeredAt: now })
    .onConflictDoUpdate({
      target: [calendarRsvps.eventId, calendarRsvps.userId],
      set: { answer: values.answer, channel: values.channel, answeredAt: now },
    });
}

/** Marks the person seen at `at`, once: a second check-in (the outbox replaying) keeps the first. */
export async function checkIn(
  db: Tx,
  values: { eventId: number; userId: number; at: Date; by: number },
): Promise<void> {
  await db
    .insert(calendarRsvps)
    .values({
      eventId: values.eventId,
      userId: values.userId,
      checkedInAt: values.at,
      checkedInBy: values.by,
    })
    .onConflictDoUpdate({
      target: [calendarRsvps.eventId, calendarRsvps.userId],
      set: {
        checkedInAt: sql`coalesce(${calendarRsvps.checkedInAt}, excluded.checked_in_at)`,
        checkedInBy: sql`coalesce(${calendarRsvps.checkedInBy}, excluded.checked_in_by)`,
      },
    });
}

export interface AttendeeRow {
  user_id: number;
  username: string;
  answer: RsvpAnswer | null;
  checked_in_at: Date | string | null;
}

/** Everyone who answered or was checked in: those coming first, then by name. */
export async function attendeesOf(db: Tx, eventId: number): Promise<AttendeeRow[]> {
  return rowsOf<AttendeeRow>(
    await db.execute(sql`
      select r.user_id, u.username, r.answer, r.checked_in_at
      from calendar_rsvps r join users u on u.id = r.user_id
      where r.event_id = ${eventId}
      order by case r.answer when 'yes' then 0 when 'maybe' then 1 when 'no' then 3 else 2 end, u.username`),
  );
}

export async function attendeeOf(db: Tx, eventId: number, userId: number): Promise<AttendeeRow | null> {
  const rows = await attendeesOf(db, eventId);
  return rows.find((r) => r.user_id === userId) ?? null;
}

/** Those an event's reminder goes to: who answered yes or maybe, and its organiser. */
export async function remindedOf(db: Tx, eventId: number): Promise<number[]> {
  return rowsOf<{ user_id: number }>(
    await db.execute(sql`
      select user_id from calendar_rsvps where event_id = ${eventId} and answer in ('yes', 'maybe')
      union select organiser_id from calendar_events where id = ${eventId}`),
  ).map((r) => r.user_id);
}

/** Those told of a change: who answered (yes or maybe) and everyone invited by SMS to it. */
export async function concernedBy(db: Tx, eventId: number): Promise<number[]> {
  return rowsOf<{ user_id: number }>(
    await db.execute(sql`
      select user_id from calendar_rsvps where event_id = ${eventId} and answer in ('yes', 'maybe')
      union select user_id from calendar_invitations where event_id = ${eventId}`),
  ).map((r) => r.user_id);
}

// ---- Invitations a phone reply answers ----

/** Each user's last invitation is this event (replacing an older one). */
export async function recordInvitations(db: Tx, eventId: number, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) {
    return;
  }
  const now = new Date();
  await db
    .insert(calendarInvitations)
    .values(userIds.map((userId) => ({ userId, eventId, sentAt: now })))
    .onConflictDoUpdate({
      target: calendarInvitations.userId,
      set: { eventId, sentAt: now },
    });
}

/** The event of the user's last invitation, while it has not ended or been cancelled. */
export async function openInvitation(db: Tx, userId: number, now: Date): Promise<number | null> {
  const [row] = rowsOf<{ event_id: number }>(
    await db.execute(sql`
      select i.event_id from calendar_invitations i join calendar_events e on e.id = i.event_id
      where i.user_id = ${userId} and e.cancelled_at is null and e.ends_at > ${now.toISOString()}::timestamptz`),
  );
  return row?.event_id ?? null;
}
