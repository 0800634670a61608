// Events people meet at (the Network's Events tab): trainings, field days, market and collection days, co-operative
// meetings, input fairs, buyers' visits. Public, or for a group's members only. (`/api/events` is the live-events
// stream; these are `/api/calendar`.)
import { z } from 'zod';
import { ZParty } from './common';
import { MAX_INT4 } from './constants';
import { ZTimestamp } from './farm-data';
import { zMultiLine, zSingleLine } from './text';

export const CALENDAR_KINDS = [
  'training',
  'field_day',
  'market_day',
  'collection_day',
  'coop_meeting',
  'input_fair',
  'buyer_visit',
] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

/** Kinds only a group's admins may announce, and only for their group. */
export const GROUP_ONLY_KINDS = ['collection_day', 'coop_meeting'] as const satisfies readonly CalendarKind[];

export const RSVP_ANSWERS = ['yes', 'no', 'maybe'] as const;
export type RsvpAnswer = (typeof RSVP_ANSWERS)[number];

/** The longest an event may last, and how far ahead it may be announced. */
export const EVENT_MAX_HOURS = 24 * 7;
export const EVENT_HORIZON_DAYS = 400;
export const EVENT_LESSONS_MAX = 5;

/** Reminders: the day before, and two hours before. */
export const REMINDER_LEADS_HOURS = [24, 2] as const;

export const ZEventPlace = z.strictObject({
  name: zSingleLine().min(2).max(120),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
});

const ZEventFields = z.strictObject({
  kind: z.enum(CALENDAR_KINDS, { error: 'calendar.validation.kind' }),
  title: zSingleLine().min(3).max(120),
  description: zMultiLine().max(2000).default(''),
  startsAt: ZTimestamp,
  endsAt: ZTimestamp,
  place: ZEventPlace,
  /** A group's event is for its members only. */
  groupId: z.number().int().positive().max(MAX_INT4).optional(),
  capacity: z.number().int().min(1).max(100_000).optional(),
  lessonIds: z.array(z.number().int().positive().max(MAX_INT4)).max(EVENT_LESSONS_MAX).optional(),
});

/** POST /api/calendar */
export const ZCalendarInput = ZEventFields.superRefine((v, refinement) => {
  const start = Date.parse(v.startsAt);
  const end = Date.parse(v.endsAt);
  if (end <= start || end - start > EVENT_MAX_HOURS * 3_600_000) {
    refinement.addIssue({ code: 'custom', path: ['endsAt'], message: 'calendar.validation.ends' });
  }
  if (GROUP_ONLY_KINDS.includes(v.kind as (typeof GROUP_ONLY_KINDS)[number]) && v.groupId === undefined) {
    refinement.addIssue({ code: 'custom', path: ['groupId'], message: 'calendar.validation.groupNeeded' });
  }
});
export type TCalendarInput = z.input<typeof ZCalendarInput>;

/** PATCH /api/calendar/:id: the organiser changes it or cancels it. */
export const ZCalendarPatch = z.strictObject({
  title: ZEventFields.shape.title.optional(),
  description: zMultiLine().max(2000).optional(),
  startsAt: ZTimestamp.optional(),
  endsAt: ZTimestamp.optional(),
  place: ZEventPlace.optional(),
  capacity: z.number().int().min(1).max(100_000).nullable().optional(),
  cancelled: z.literal(true).optional(),
});

export const ZCalendarQuery = z.object({
  /** From this day (default today), for 90 days. */
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.isoDate')
    .optional(),
  groupId: z.coerce.number().int().positive().max(MAX_INT4).optional(),
  /** Past events instead (most recent first). */
  past: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const ZRsvpInput = z.strictObject({
  answer: z.enum(RSVP_ANSWERS, { error: 'calendar.validation.answer' }),
});

/** POST /api/calendar/:id/check-ins: an agent (or the organiser) marks who came, offline through the outbox. */
export const ZCheckInInput = z.strictObject({
  userId: z.number().int().positive().max(MAX_INT4),
  /** When they were seen (the phone's clock, kept in the outbox). */
  at: ZTimestamp.optional(),
});

/** PUT /api/calendar/:id/minutes: a meeting's minutes, by its organiser. */
export const ZMinutesInput = z.strictObject({ minutes: zMultiLine().min(3).max(10_000) });

export const ZCalendarEvent = z.object({
  id: z.number().int(),
  kind: z.enum(CALENDAR_KINDS),
  title: z.string(),
  description: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  place: z.object({ name: z.string(), latitude: z.number().nullable(), longitude: z.number().nullable() }),
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  organiser: ZParty,
  capacity: z.number().int().nullable(),
  lessons: z.array(z.object({ id: z.number().int(), slug: z.string(), title: z.string() })),
  cancelled: z.boolean(),
  counts: z.object({ yes: z.number().int(), no: z.number().int(), maybe: z.number().int() }),
  /** The reader's answer, null when they have not answered. */
  myAnswer: z.enum(RSVP_ANSWERS).nullable(),
  /** Whether the reader may change it, cancel it, check people in, write its minutes. */
  mayManage: z.boolean(),
  mayCheckIn: z.boolean(),
  attended: z.number().int(),
  minutes: z.string().nullable(),
  /**
   * A collection day's intakes at the co-operative's stores that day (net of reversals), for whoever manages it or
   * keeps the stores; null for other kinds and other readers (always sent; optional for the web's older fixtures).
   */
  intake: z
    .object({ intakes: z.number().int(), members: z.number().int(), tons: z.number() })
    .nullable()
    .optional(),
});
export type TCalendarEvent = z.infer<typeof ZCalendarEvent>;
export const ZCalendarEvents = z.object({ data: z.array(ZCalendarEvent) });

/** GET /api/calendar/:id/attendees, for whoever manages or checks in. */
export const ZAttendee = z.object({
  user: ZParty,
  answer: z.enum(RSVP_ANSWERS).nullable(),
  checkedInAt: z.string().nullable(),
});
export const ZAttendees = z.object({ data: z.array(ZAttendee) });

/** GET/POST/DELETE /api/calendar/feed: the caller's feed address for a phone's calendar (a new token revokes the old). */
/**
 * Only the token's hash is kept: the address (`url`) is given once, when made (POST); afterwards `active` says
 * whether the user has one (the server always sends it), and `url` is null.
 */
export const ZCalendarFeed = z.object({ url: z.string().nullable(), active: z.boolean().optional() });
