// What the phone module asks of the calendar: the user's next events (USSD), an answer to one of them, and an answer
// to the last invitation by SMS (`1` / `2`).
import type { RsvpAnswer } from '../../contract/calendar';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { eventPage, eventView, type Viewer } from './calendar.repo';
import { answerEvent } from './rsvp.service';
import { openInvitation } from './rsvps.repo';

export interface PhoneEvent {
  id: number;
  title: string;
  startsAt: Date;
  place: string;
  myAnswer: RsvpAnswer | null;
}

/** How far ahead the phone lists events. */
const PHONE_DAYS = 30;

/** The coming events the user may see and answer (not cancelled), soonest first. */
export async function phoneEvents(ctx: AppContext, viewer: Viewer, limit = 20): Promise<PhoneEvent[]> {
  const now = new Date();
  const views = await eventPage(ctx.db, viewer, {
    from: now,
    to: new Date(now.getTime() + PHONE_DAYS * 86_400_000),
    past: false,
    limit: limit + 10,
  });
  return views
    .filter((v) => v.event.cancelledAt === null)
    .slice(0, limit)
    .map((v) => ({
      id: v.event.id,
      title: v.event.title,
      startsAt: v.event.startsAt,
      place: v.event.placeName,
      myAnswer: v.myAnswer,
    }));
}

/** The answer recorded, or why not: the event is full (a new yes), cancelled, over, or not the user's to see. */
export type PhoneAnswer = { ok: true } | { ok: false; reason: 'full' | 'closed' };

export async function answerByPhone(
  ctx: AppContext,
  viewer: Viewer,
  eventId: number,
  answer: RsvpAnswer,
  channel: 'sms' | 'ussd',
): Promise<PhoneAnswer> {
  try {
    await ctx.db.transaction((tx) => answerEvent(tx, ctx, viewer, eventId, answer, channel));
    return { ok: true };
  } catch (error) {
    if (error instanceof AppError) {
      return { ok: false, reason: error.key === 'calendar.errors.full' ? 'full' : 'closed' };
    }
    throw error;
  }
}

/** The event of the user's last invitation still open (not cancelled, not ended), with its title; else null. */
export async function openInvitationOf(
  ctx: AppContext,
  viewer: Viewer,
): Promise<{ id: number; title: string } | null> {
  const eventId = await openInvitation(ctx.db, viewer.id, new Date());
  if (eventId === null) {
    return null;
  }
  const view = await eventView(ctx.db, viewer, eventId);
  return view ? { id: view.event.id, title: view.event.title } : null;
}
