// The announce form's schema: its text fields as the API takes them (the times typed in the phone's local time,
// sent with the phone's offset; the pin only when both coordinates are given; blanks left out), then the contract's
// own schema with its messages, each shown under the field it is about.
import { z } from 'zod';
import { type TCalendarInput, ZCalendarInput } from '../../../contract/calendar';
import { parseDecimal } from '../../lib/format';

export const EVENT_FORM_DEFAULTS = {
  kind: '',
  title: '',
  description: '',
  startsAt: '',
  endsAt: '',
  placeName: '',
  latitude: '',
  longitude: '',
  groupId: '',
  capacity: '',
  /** The chosen lessons' ids, comma-separated (the form's values are strings). */
  lessonIds: '',
};
export type EventFormValues = typeof EVENT_FORM_DEFAULTS;

/** The form's own messages (the contract's are its own keys). */
const MESSAGES = {
  when: 'calendar.form.errors.when',
  coordinates: 'calendar.form.errors.coordinates',
} as const;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A `datetime-local` value ('2026-12-01T08:00', the phone's time) as an ISO instant with the phone's offset
 * ('2026-12-01T08:00:00+01:00'): the event keeps the organiser's wall time. Null when it is not one.
 */
export function localInputToOffsetIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) {
    return null;
  }
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) {
    return null;
  }
  const east = -at.getTimezoneOffset();
  const offset = `${east < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(east) / 60))}:${pad(Math.abs(east) % 60)}`;
  const day = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  return `${day}T${pad(at.getHours())}:${pad(at.getMinutes())}:00${offset}`;
}

const optionalNumber = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

/** The form's values as the API takes them (unchecked); `problems` are the fields the form itself cannot read. */
export function eventInput(v: EventFormValues): {
  input: TCalendarInput;
  problems: Partial<Record<keyof EventFormValues, string>>;
} {
  const problems: Partial<Record<keyof EventFormValues, string>> = {};
  const startsAt = localInputToOffsetIso(v.startsAt);
  const endsAt = localInputToOffsetIso(v.endsAt);
  if (startsAt === null) {
    problems.startsAt = MESSAGES.when;
  }
  if (endsAt === null) {
    problems.endsAt = MESSAGES.when;
  }
  const typed = [v.latitude, v.longitude].filter((text) => text.trim() !== '').length;
  const latitude = parseDecimal(v.latitude);
  const longitude = parseDecimal(v.longitude);
  const pinned = typed === 2 && !Number.isNaN(latitude) && !Number.isNaN(longitude);
  if (typed > 0 && !pinned) {
    problems.latitude = MESSAGES.coordinates;
  }
  const groupId = optionalNumber(v.groupId);
  const capacity = optionalNumber(v.capacity);
  const lessonIds = v.lessonIds === '' ? [] : v.lessonIds.split(',').map(Number);
  return {
    input: {
      kind: v.kind as TCalendarInput['kind'],
      title: v.title,
      description: v.description,
      // A time the form could not read is left blank (its own message is shown instead of the contract's).
      startsAt: startsAt ?? '',
      endsAt: endsAt ?? '',
      place: { name: v.placeName, ...(pinned ? { latitude, longitude } : {}) },
      ...(groupId === undefined ? {} : { groupId }),
      ...(capacity === undefined ? {} : { capacity }),
      ...(lessonIds.length > 0 ? { lessonIds } : {}),
    },
    problems,
  };
}

/** Which form field shows an API field's message (a pin's fault is said under the latitude). */
const FIELD_OF: Record<string, keyof EventFormValues> = {
  'place.name': 'placeName',
  'place.latitude': 'latitude',
  'place.longitude': 'latitude',
};

const text = z.string();

export const eventForm = z
  .object({
    kind: text,
    title: text,
    description: text,
    startsAt: text,
    endsAt: text,
    placeName: text,
    latitude: text,
    longitude: text,
    groupId: text,
    capacity: text,
    lessonIds: text,
  })
  .transform((values, context): z.output<typeof ZCalendarInput> => {
    const { input, problems } = eventInput(values);
    for (const [field, message] of Object.entries(problems)) {
      context.addIssue({ code: 'custom', message, path: [field] });
    }
    const parsed = ZCalendarInput.safeParse(input);
    // A time the form could not read already says so; the contract's checks of the times would only mislead.
    const timesUnread = 'startsAt' in problems || 'endsAt' in problems;
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const path = issue.path.map(String);
      const field = FIELD_OF[path.slice(0, 2).join('.')] ?? (path[0] as keyof EventFormValues);
      const aboutTimes = field === 'startsAt' || field === 'endsAt';
      if (!(field in problems) && !(aboutTimes && timesUnread)) {
        context.addIssue({ code: 'custom', message: issue.message, path: [field] });
      }
    }
    return parsed.success && Object.keys(problems).length === 0 ? parsed.data : z.NEVER;
  });
