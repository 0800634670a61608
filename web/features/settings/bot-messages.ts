// What the phone bot card says of a message: its text cut to a line or two, and the channels a number is on.
import type { PhoneChannel, TPhoneStatus } from '../../../contract/notifications';
import { CHANNELS } from './phone-number';

/** The most of a message's text shown (characters, not UTF-16 units: an emoji is not cut in half). */
export const QUOTE_MAX = 80;

/** The text on one line (spaces and line breaks collapsed), cut at `max` characters with an ellipsis. */
export function quoteText(text: string, max = QUOTE_MAX): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : chars.join('');
}

/** The channels messages to the user go by now, in the screen's order. */
export function connectedChannels(status: Pick<TPhoneStatus, 'channels'>): PhoneChannel[] {
  return CHANNELS.filter(
    (channel) => status.channels.find((c) => c.channel === channel)?.state === 'connected',
  );
}
