// An event's time as messages name it, in the reader's language. Times are UTC, as every time the server writes
// into a message (Cameroon is UTC+1: the text says UTC rather than guess the reader's zone).
import type { Language } from '../../contract/constants';

export function eventWhen(lang: Language, at: Date): string {
  const day = new Intl.DateTimeFormat(lang, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(at);
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(at);
  return `${day} ${time} UTC`;
}
