// The phone PIN as the settings screen shows it: its length and tries (the contract's, which comes with zod), and
// the one state a card shows.
import type { TPhoneStatus } from '../../../contract/notifications';

/** Digits in a PIN (contract/phone's PIN_LENGTH). */
export const PIN_LENGTH = 4;
/** Wrong PINs in a row that lock writes from a phone (contract/phone's PIN_TRIES). */
export const PIN_TRIES = 5;

export type PinState = 'unset' | 'set' | 'locked';

/** Locked first: a locked PIN is also set, and what the user must do is set a new one. */
export function pinState(pin: TPhoneStatus['pin']): PinState {
  if (pin.locked) {
    return 'locked';
  }
  return pin.set ? 'set' : 'unset';
}
