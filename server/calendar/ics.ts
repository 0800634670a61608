// iCalendar (RFC 5545) for phone calendars: one VEVENT per event, lines ended by CRLF and folded at 75 octets,
// text values escaped, times in UTC. Source: Desruisseaux (ed.), RFC 5545 "Internet Calendaring and Scheduling
// Core Object Specification (iCalendar)", IETF, 2009, §3.1 (folding), §3.3.5 (UTC times), §3.3.11 (text escaping).

export interface IcsEvent {
  id: number;
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  place: { name: string; latitude: number | null; longitude: number | null };
  cancelled: boolean;
  updatedAt: Date;
}

/** The longest line in octets, CRLF not counted (RFC 5545 §3.1). */
const MAX_OCTETS = 75;
const CRLF = '\r\n';

/** A TEXT value: backslash, semicolon, comma escaped, newlines as `\n` (§3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A content line cut into lines of at most 75 octets, each continuation starting with a space (§3.1). */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // A continuation line's leading space counts in its 75 octets; a character is never split.
    const room = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > room) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** A UTC date-time, `19980119T070000Z` (§3.3.5 form #2). */
export function utcStamp(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

function veventLines(event: IcsEvent, stamp: Date): string[] {
  const { latitude, longitude } = event.place;
  return [
    'BEGIN:VEVENT',
    `UID:event-${event.id}@terroir`,
    `DTSTAMP:${utcStamp(stamp)}`,
    `LAST-MODIFIED:${utcStamp(event.updatedAt)}`,
    `DTSTART:${utcStamp(event.startsAt)}`,
    `DTEND:${utcStamp(event.endsAt)}`,
    `SUMMARY:${escapeText(event.title)}`,
    ...(event.description === '' ? [] : [`DESCRIPTION:${escapeText(event.description)}`]),
    `LOCATION:${escapeText(event.place.name)}`,
    ...(latitude !== null && longitude !== null ? [`GEO:${latitude};${longitude}`] : []),
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
  ];
}

/** A whole calendar: `name` is what the phone calls it. */
export function icsCalendar(name: string, events: readonly IcsEvent[], stamp = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Terroir//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    ...events.flatMap((e) => veventLines(e, stamp)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
