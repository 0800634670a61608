// Test helpers for events: a time some hours from now, an event's input, an announcement through the API, and a
// small iCalendar reader (lines unfolded, properties and their values unescaped) to read .ics answers back.
import type { FastifyInstance } from 'fastify';
import type { TCalendarEvent, TCalendarInput } from '../../contract/calendar';
import { call, ok, type Session } from './harness';

export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

export const eventInput = (overrides: Partial<TCalendarInput> = {}): TCalendarInput => ({
  kind: 'training',
  title: 'Maize storage training',
  description: 'Hermetic bags, drying to 13 %',
  startsAt: hoursFromNow(72),
  endsAt: hoursFromNow(75),
  place: { name: 'Dschang, salle des fêtes', latitude: 5.45, longitude: 10.05 },
  ...overrides,
});

export async function announce(
  app: FastifyInstance,
  who: Session,
  overrides: Partial<TCalendarInput> = {},
): Promise<TCalendarEvent> {
  return ok<TCalendarEvent>(
    await call(app, who.cookie, { method: 'POST', url: '/api/calendar', payload: eventInput(overrides) }),
    201,
  );
}

export async function answer(
  app: FastifyInstance,
  who: Session,
  eventId: number,
  reply: 'yes' | 'no' | 'maybe',
) {
  return call(app, who.cookie, {
    method: 'POST',
    url: `/api/calendar/${eventId}/rsvp`,
    payload: { answer: reply },
  });
}

export interface IcsProperty {
  name: string;
  params: string;
  value: string;
}

/** The VEVENTs of a calendar: every line ends in CRLF, folded lines are unfolded, TEXT values unescaped. */
export function readIcs(text: string): { lines: string[]; events: Map<string, IcsProperty>[] } {
  if (!text.endsWith('\r\n') || /[^\r]\n/.test(text)) {
    throw new Error('lines must end in CRLF');
  }
  const raw = text.slice(0, -2).split('\r\n');
  const lines: string[] = [];
  for (const line of raw) {
    if (line.startsWith(' ') || line.startsWith('\t')) {
      lines[lines.length - 1] += line.slice(1);
    } else {
      lines.push(line);
    }
  }
  const events: Map<string, IcsProperty>[] = [];
  let current: Map<string, IcsProperty> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') {
      current = new Map();
    } else if (line === 'END:VEVENT' && current) {
      events.push(current);
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      const [name = '', ...params] = line.slice(0, colon).split(';');
      const value = line
        .slice(colon + 1)
        .replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
      current.set(name, { name, params: params.join(';'), value });
    }
  }
  return { lines: raw, events };
}
