// The marketplace on any phone: the PIN that guards writes from USSD, SMS and WhatsApp, and the limits they share.
import { z } from 'zod';

/** Digits in a phone PIN. */
export const PIN_LENGTH = 4;
/** Wrong PINs in a row that lock phone writes until a new PIN is set in the app. */
export const PIN_TRIES = 5;
/** How long a command the bot echoed waits for `YES <PIN>`. */
export const CONFIRM_WINDOW_MS = 5 * 60_000;
/**
 * What one USSD screen carries: 160 octets (GSM 04.80), so 182 characters of the GSM-7 alphabet (TS 23.038
 * §6.1.2.3; an extension character such as € takes two) or, once one character is outside it (°, ç, ê, an
 * emoji), 80 UTF-16 units in UCS-2.
 */
export const USSD_SCREEN_MAX = 182;
export const USSD_SCREEN_MAX_UCS2 = 80;
/** Messages (SMS, WhatsApp) or USSD screens one number may send a minute; more are not answered. */
export const PHONE_REQUESTS_PER_MINUTE = 30;

/** PUT /api/user/pin: a new PIN, proven by the account's password (it also unlocks phone writes). */
export const ZPinInput = z
  .object({
    pin: z.string().regex(/^[0-9]{4}$/, 'settings.validation.pin'),
    currentPassword: z.string().min(1, 'validation.passwordRequired').max(1024),
  })
  .strict();
export type TPinInput = z.input<typeof ZPinInput>;
