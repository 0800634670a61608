// Answers (app, SMS, USSD), check-ins at the event (replayed from a phone's outbox: idempotent), who answered, and a
// meeting's minutes.
import type { RsvpAnswer, TCalendarEvent } from '../../contract/calendar';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { SessionUser } from '../http/access';
import { AppError, conflict, forbidden } from '../http/errors';
import { publishEvent } from './announce';
import { presentEvents, rightsOf } from './calendar.present';
import {
  type EventView,
  eventView,
  holdEvent,
  queueAnswers,
  roleOf,
  updateEvent,
  type Viewer,
} from './calendar.repo';
import { presentOne, visibleEvent } from './calendar.service';
import { type AttendeeRow, attendeeOf, attendeesOf, type Channel, checkIn, saveAnswer } from './rsvps.repo';

/** How far after its end an event still takes check-ins (an agent's phone may sync the next days). */
const CHECK_IN_GRACE_MS = 7 * 86_400_000;

/**
 * Records `viewer`'s answer to an event they may see, not cancelled nor ended. A new yes beyond the capacity is
 * refused (409): the answers to an event with a capacity are queued one after another, so two cannot both take the
 * last place; those to an event without one go at once, side by side. Answers the reader's view of the event with
 * their answer counted.
 */
export async function answerEvent(
  tx: Tx,
  ctx: AppContext,
  viewer: Viewer,
  eventId: number,
  answer: RsvpAnswer,
  channel: Channel,
): Promise<EventView> {
  // Held against a cancellation or a change of capacity until this answer commits.
  const event = await holdEvent(tx, eventId);
  if (!event) {
    throw new AppError('notFound', 'calendar.errors.notFound');
  }
  if (event.capacity !== null) {
    await queueAnswers(tx, eventId);
  }
  // Read after the queue, when there is one: then its yeses are exact.
  const view = await visibleEvent(tx, viewer, eventId);
  if (event.cancelledAt !== null) {
    throw conflict('calendar.errors.cancelled');
  }
  if (event.endsAt.getTime() <= Date.now()) {
    throw conflict('calendar.errors.over');
  }
  const before = view.myAnswer;
  if (answer === 'yes' && before !== 'yes' && event.capacity !== null && view.yes >= event.capacity) {
    throw conflict('calendar.errors.full', { capacity: event.capacity });
  }
  await saveAnswer(tx, { eventId, userId: viewer.id, answer, channel });
  await publishEvent(tx, ctx, event);
  const counts = { yes: view.yes, no: view.no, maybe: view.maybe };
  if (before !== null) {
    counts[before] -= 1;
  }
  counts[answer] += 1;
  return { ...view, ...counts, myAnswer: answer };
}

export async function rsvp(
  ctx: AppContext,
  user: SessionUser,
  eventId: number,
  answer: RsvpAnswer,
): Promise<TCalendarEvent> {
  const view = await ctx.db.transaction((tx) => answerEvent(tx, ctx, user, eventId, answer, 'app'));
  // The caller may see the event (checked in the transaction): its page is presented with the counts afresh.
  const [event] = await presentEvents(ctx.db, user, [view]);
  if (!event) {
    throw new AppError('notFound', 'calendar.errors.notFound');
  }
  return event;
}

const presentAttendee = (row: AttendeeRow) => ({
  user: { id: row.user_id, username: row.username },
  answer: row.answer,
  checkedInAt: row.checked_in_at === null ? null : new Date(row.checked_in_at).toISOString(),
});

async function checkerOf(tx: Tx, user: SessionUser, eventId: number) {
  const view = await visibleEvent(tx, user, eventId);
  if (!rightsOf(user, view).checkIn) {
    throw forbidden('calendar.errors.mayNotCheckIn');
  }
  return view;
}

export async function listAttendees(ctx: AppContext, user: SessionUser, eventId: number) {
  await checkerOf(ctx.db, user, eventId);
  return (await attendeesOf(ctx.db, eventId)).map(presentAttendee);
}

/**
 * Marks a person seen at the event, at `at` (the phone's clock when it was offline; now else), once: the outbox
 * sending it again changes nothing. A members-only event checks in its members only.
 */
export async function checkInAttendee(
  ctx: AppContext,
  user: SessionUser,
  eventId: number,
  input: { userId: number; at?: string | undefined },
) {
  return ctx.db.transaction(async (tx) => {
    const view = await checkerOf(tx, user, eventId);
    const { event } = view;
    if (event.cancelledAt !== null) {
      throw conflict('calendar.errors.cancelled');
    }
    const at = input.at === undefined ? new Date() : new Date(input.at);
    const opens = event.startsAt.getTime() - 86_400_000;
    if (
      at.getTime() < opens ||
      at.getTime() > event.endsAt.getTime() + CHECK_IN_GRACE_MS ||
      at > new Date()
    ) {
      throw new AppError('badRequest', 'calendar.validation.checkInTime', {}, {}, ['at']);
    }
    // The person must be one who may see the event (anyone for a public one, a member for a group's).
    const attendee = await visibleToUser(tx, input.userId, eventId);
    if (!attendee) {
      throw new AppError('notFound', 'calendar.errors.attendeeNotFound', {}, {}, ['userId']);
    }
    await checkIn(tx, { eventId, userId: input.userId, at, by: user.id });
    await publishEvent(tx, ctx, event);
    const row = await attendeeOf(tx, eventId, input.userId);
    if (!row) {
      throw new Error('check-in not recorded');
    }
    return presentAttendee(row);
  });
}

async function visibleToUser(tx: Tx, userId: number, eventId: number): Promise<boolean> {
  const role = await roleOf(tx, userId);
  return role !== null && (await eventView(tx, { id: userId, role }, eventId)) !== null;
}

export async function writeMinutes(
  ctx: AppContext,
  user: SessionUser,
  eventId: number,
  minutes: string,
): Promise<TCalendarEvent> {
  await ctx.db.transaction(async (tx) => {
    const view = await visibleEvent(tx, user, eventId);
    if (view.event.kind !== 'coop_meeting') {
      throw conflict('calendar.errors.notMeeting');
    }
    if (!rightsOf(user, view).minutes) {
      throw forbidden('calendar.errors.mayNotWriteMinutes');
    }
    await updateEvent(tx, eventId, { minutes });
    await publishEvent(tx, ctx, view.event);
  });
  return presentOne(ctx.db, user, eventId);
}
