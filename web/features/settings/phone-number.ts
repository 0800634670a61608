// The number form's first values (the number a code is on its way to, the proven one, else the profile's), and when
// it may ask for a new code.
import type { PhoneChannel, TPhoneStatus } from '../../../contract/notifications';

/** The phone channels in the order the screen shows them (contract's PHONE_CHANNELS, which comes with zod). */
export const CHANNELS = ['sms', 'whatsapp'] as const satisfies readonly PhoneChannel[];

/**
 * The longest a device waits before it may ask for a new code: `resendAt` is the server's clock, and a phone whose
 * clock is behind would otherwise keep the button off for as long as it is wrong (the server still says 429).
 */
export const MAX_RESEND_WAIT_MS = 120_000;

export interface PhoneFormValues {
  countryCode: string;
  phoneNumber: string;
  channel: PhoneChannel;
}

/**
 * An E.164 number (`+237677123456`) split at a known country code (`+237`), or null when it does not start with it.
 * The status gives only the whole number, and the calling codes are not kept here to split it at any other.
 */
export function splitPhone(
  phone: string,
  countryCode: string | null,
): Omit<PhoneFormValues, 'channel'> | null {
  const code = countryCode?.trim() ?? '';
  const national = phone.slice(code.length);
  return code && phone.startsWith(code) && national.length > 0
    ? { countryCode: code, phoneNumber: national }
    : null;
}

export function phoneFormDefaults(
  status: TPhoneStatus,
  profile: { countryCode: string | null; phoneNumber: string | null } | null,
  /** The deployment's country code (DEFAULT_COUNTRY_CODE), when neither the status nor the profile has one. */
  defaultCountryCode: string | null = null,
): PhoneFormValues {
  const open = status.channels.filter((c) => c.state !== 'off').map((c) => c.channel);
  const wanted = status.pending?.channel ?? status.verifiedVia;
  const channel = wanted && open.includes(wanted) ? wanted : (open[0] ?? 'sms');
  const known = status.pending?.phone ?? status.verifiedPhone;
  const fromStatus = known ? splitPhone(known, profile?.countryCode ?? null) : null;
  return {
    countryCode: fromStatus?.countryCode ?? profile?.countryCode ?? defaultCountryCode ?? '',
    phoneNumber: fromStatus?.phoneNumber ?? (known ? '' : (profile?.phoneNumber ?? '')),
    channel,
  };
}

/** When (device time) the form may ask for a new code: the server's `resendAt`, bounded from when it was read. */
export function resendDeadline(pending: TPhoneStatus['pending'], readAt: number): number {
  return pending ? Math.min(Date.parse(pending.resendAt), readAt + MAX_RESEND_WAIT_MS) : 0;
}
