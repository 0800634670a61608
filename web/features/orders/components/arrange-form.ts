// The arrange-delivery form's schema: a driver or pick-up, and for a driver the places (each with its pin when the
// phone gave one), the window and the fee; blanks left out, then the API's own schema with its messages.
import { z } from 'zod';
import { type TArrangeDelivery, ZArrangeDelivery } from '../../../../contract/orders';
import { localInputToIso } from '../../../lib/delivery-terms';

export const PICKUP = 'pickup';

const text = z.string();

export const ARRANGE_DEFAULTS = {
  choice: '',
  fromName: '',
  fromLatitude: '',
  fromLongitude: '',
  toName: '',
  toLatitude: '',
  toLongitude: '',
  windowFrom: '',
  windowTo: '',
  fee: '',
  feePaidBy: '',
};
type ArrangeValues = typeof ARRANGE_DEFAULTS;

/** Which form field shows an API field's message (a pin's fault is said under its place). */
const FIELD_OF: Record<string, keyof ArrangeValues> = {
  'from.name': 'fromName',
  'from.latitude': 'fromName',
  'from.longitude': 'fromName',
  'to.name': 'toName',
  'to.latitude': 'toName',
  'to.longitude': 'toName',
  'window.from': 'windowFrom',
  'window.to': 'windowTo',
  'fee.amount': 'fee',
  'fee.paidBy': 'feePaidBy',
};

function place(name: string, latitude: string, longitude: string) {
  const pinned = latitude !== '' && longitude !== '';
  if (name.trim() === '' && !pinned) {
    return undefined;
  }
  return { name, ...(pinned ? { latitude: Number(latitude), longitude: Number(longitude) } : {}) };
}

/** The form's values as the API takes them (unchecked); null when neither a driver nor pick-up was chosen. */
export function arrangeInput(v: ArrangeValues): TArrangeDelivery | null {
  if (v.choice === PICKUP) {
    return { mode: 'pickup' };
  }
  const driverId = Number(v.choice);
  if (v.choice === '' || !Number.isInteger(driverId) || driverId <= 0) {
    return null;
  }
  const from = place(v.fromName, v.fromLatitude, v.fromLongitude);
  const to = place(v.toName, v.toLatitude, v.toLongitude);
  const timed = v.windowFrom !== '' || v.windowTo !== '';
  const paid = v.fee.trim() !== '' || v.feePaidBy !== '';
  return {
    driverId,
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(timed
      ? { window: { from: localInputToIso(v.windowFrom) ?? '', to: localInputToIso(v.windowTo) ?? '' } }
      : {}),
    ...(paid ? { fee: { amount: v.fee, paidBy: v.feePaidBy as 'buyer' | 'seller' } } : {}),
  };
}

export const arrangeForm = z
  .object({
    choice: text,
    fromName: text,
    fromLatitude: text,
    fromLongitude: text,
    toName: text,
    toLatitude: text,
    toLongitude: text,
    windowFrom: text,
    windowTo: text,
    fee: text,
    feePaidBy: text,
  })
  .transform((values, context): TArrangeDelivery => {
    const input = arrangeInput(values);
    const parsed = input === null ? null : ZArrangeDelivery.safeParse(input);
    if (input === null || parsed === null) {
      context.addIssue({ code: 'custom', message: 'orders.validation.deliveryChoice', path: ['choice'] });
      return z.NEVER;
    }
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = FIELD_OF[issue.path.join('.')] ?? 'choice';
        context.addIssue({ code: 'custom', message: issue.message, path: [field] });
      }
      return z.NEVER;
    }
    return input;
  });
