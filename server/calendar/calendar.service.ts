// Announcing, listing, reading and changing events. Who announces: managers and agents any public kind, buyers their
// visits, a group's admins any kind for their group (a members-only event). An event the reader may not see is a 404.
import type { z } from 'zod';
import {
  EVENT_HORIZON_DAYS,
  EVENT_MAX_HOURS,
  type TCalendarEvent,
  type ZCalendarInput,
  type ZCalendarPatch,
  type ZCalendarQuery,
} from '../../contract/calendar';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { groupFor } from '../groups';
import type { SessionUser } from '../http/access';
import { AppError, badRequest, forbidden } from '../http/errors';
import { can } from '../http/permissions';
import { announceEvent, eventChanged } from './announce';
import { presentEvents, rightsOf } from './calendar.present';
import {
  type EventView,
  eventPage,
  eventView,
  insertEvent,
  lessonsByIds,
  updateEvent,
  type Viewer,
} from './calendar.repo';
import { calendarCache } from './calendar-cache';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** How far ahead a list of coming events reaches. */
const LIST_DAYS = 90;

export const eventNotFound = () => new AppError('notFound', 'calendar.errors.notFound');

/** The event as `user` sees it, or 404 (a members-only event is unknown to others). */
export async function visibleEvent(db: Tx, user: Viewer, id: number): Promise<EventView> {
  const view = await eventView(db, user, id);
  if (!view) {
    throw eventNotFound();
  }
  return view;
}

export async function presentOne(db: Tx, user: SessionUser, id: number): Promise<TCalendarEvent> {
  const [event] = await presentEvents(db, user, [await visibleEvent(db, user, id)]);
  if (!event) {
    throw eventNotFound();
  }
  return event;
}

export async function listEvents(
  ctx: AppContext,
  user: SessionUser,
  query: z.output<typeof ZCalendarQuery>,
): Promise<TCalendarEvent[]> {
  const past = query.past === 'true';
  const from = query.from === undefined ? new Date() : new Date(`${query.from}T00:00:00Z`);
  if (past) {
    return readEvents(ctx, user, { ...query, from, past });
  }
  // The coming events every Events tab opens with, kept per reader (see CalendarCache).
  const coming = await calendarCache.of(ctx).coming(user, query, async () => {
    const events = await readEvents(ctx, user, { ...query, from, past });
    // From now: the list changes as its first event ends. From a day: it holds whatever ended since that day began.
    const ends = query.from === undefined ? events.map((e) => Date.parse(e.endsAt)) : [];
    return { events, firstEnd: Math.min(Number.POSITIVE_INFINITY, ...ends) };
  });
  return coming.events;
}

async function readEvents(
  ctx: AppContext,
  user: SessionUser,
  query: { from: Date; past: boolean; groupId?: number | undefined; limit: number },
): Promise<TCalendarEvent[]> {
  const { from, past } = query;
  // The pattern lets through days that are none (2026-13-45) and years no calendar lists.
  const year = from.getUTCFullYear();
  if (Number.isNaN(from.getTime()) || year < 2000 || year > 2200) {
    throw new AppError('badRequest', 'validation.isoDate', {}, {}, ['from']);
  }
  const views = await eventPage(ctx.db, user, {
    from,
    to: new Date(from.getTime() + LIST_DAYS * DAY_MS),
    past,
    groupId: query.groupId,
    limit: query.limit,
  });
  return presentEvents(ctx.db, user, views);
}

/** Whether `user` may announce `input`: refused with 403, or 404 for a group they may not see. */
async function assertMayAnnounce(tx: Tx, user: SessionUser, input: z.output<typeof ZCalendarInput>) {
  if (input.groupId !== undefined) {
    // A group's admins announce its events (a member without the role: 403; a stranger: 404).
    await groupFor(tx, user, input.groupId, 'manage');
    return;
  }
  const allowed =
    can(user.role, 'calendar.announce') ||
    (input.kind === 'buyer_visit' && can(user.role, 'calendar.announceVisit'));
  if (!allowed) {
    throw forbidden('calendar.errors.mayNotAnnounce');
  }
}

function assertTimes(startsAt: Date, endsAt: Date, now = Date.now()): void {
  if (endsAt <= startsAt || endsAt.getTime() - startsAt.getTime() > EVENT_MAX_HOURS * HOUR_MS) {
    throw new AppError('badRequest', 'calendar.validation.ends', {}, {}, ['endsAt']);
  }
  if (startsAt.getTime() < now - HOUR_MS || startsAt.getTime() > now + EVENT_HORIZON_DAYS * DAY_MS) {
    throw new AppError('badRequest', 'calendar.validation.starts', {}, {}, ['startsAt']);
  }
}

export async function createEvent(
  ctx: AppContext,
  user: SessionUser,
  input: z.output<typeof ZCalendarInput>,
): Promise<TCalendarEvent> {
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  assertTimes(startsAt, endsAt);
  const lessonIds = [...new Set(input.lessonIds ?? [])];
  const id = await ctx.db.transaction(async (tx) => {
    await assertMayAnnounce(tx, user, input);
    if ((await lessonsByIds(tx, lessonIds)).length !== lessonIds.length) {
      throw new AppError('notFound', 'calendar.errors.lessonNotFound', {}, {}, ['lessonIds']);
    }
    const row = await insertEvent(tx, {
      kind: input.kind,
      title: input.title,
      description: input.description,
      startsAt,
      endsAt,
      placeName: input.place.name,
      latitude: input.place.latitude ?? null,
      longitude: input.place.longitude ?? null,
      groupId: input.groupId ?? null,
      organiserId: user.id,
      capacity: input.capacity ?? null,
      lessonIds,
    });
    await announceEvent(tx, ctx, row);
    return row.id;
  });
  return presentOne(ctx.db, user, id);
}

/** The organiser, the group's admins or a manager change the event or cancel it; those concerned are told. */
export async function patchEvent(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  patch: z.output<typeof ZCalendarPatch>,
): Promise<TCalendarEvent> {
  await ctx.db.transaction(async (tx) => {
    const view = await visibleEvent(tx, user, id);
    if (!rightsOf(user, view).manage) {
      throw forbidden('calendar.errors.mayNotManage');
    }
    const { event } = view;
    if (event.cancelledAt !== null) {
      throw new AppError('conflict', 'calendar.errors.cancelled');
    }
    const startsAt = patch.startsAt === undefined ? event.startsAt : new Date(patch.startsAt);
    const endsAt = patch.endsAt === undefined ? event.endsAt : new Date(patch.endsAt);
    if (patch.startsAt !== undefined || patch.endsAt !== undefined) {
      assertTimes(startsAt, endsAt);
    }
    if (patch.capacity != null && patch.capacity < view.yes) {
      throw badRequest('calendar.validation.capacityBelowYes', { yes: view.yes });
    }
    await updateEvent(tx, id, {
      ...(patch.title === undefined ? {} : { title: patch.title }),
      ...(patch.description === undefined ? {} : { description: patch.description }),
      startsAt,
      endsAt,
      ...(patch.place === undefined
        ? {}
        : {
            placeName: patch.place.name,
            latitude: patch.place.latitude ?? null,
            longitude: patch.place.longitude ?? null,
          }),
      ...(patch.capacity === undefined ? {} : { capacity: patch.capacity }),
      ...(patch.cancelled ? { cancelledAt: new Date() } : {}),
    });
    const moved = startsAt.getTime() !== event.startsAt.getTime();
    await eventChanged(tx, ctx, { ...event, startsAt, endsAt }, patch.cancelled ? 'cancelled' : 'changed', {
      moved,
      actorId: user.id,
    });
  });
  return presentOne(ctx.db, user, id);
}
