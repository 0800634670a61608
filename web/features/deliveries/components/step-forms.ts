// The driver's step forms: text inputs, blanks left out, then the API's own schema (same rules, same messages).
import { z } from 'zod';
import { type TDeliveryUpdate, ZDeliveryUpdate } from '../../../../contract/orders';

const text = z.string();

const withoutBlanks = (values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== '')) as TDeliveryUpdate;

/** Picked up, with the weight when the driver weighed the goods. */
export const pickedUpForm = z
  .object({ weighedQuantity: text })
  .transform((values) => withoutBlanks({ ...values, status: 'picked_up' }))
  .pipe(ZDeliveryUpdate);

/** Delivered, against the buyer's code, with their answer to a weighing beyond the tolerance (blank: accepted). */
export const deliveredForm = z
  .object({ code: text, weighedQuantity: text, weight: text })
  .transform((values) => withoutBlanks({ ...values, status: 'delivered' }))
  .pipe(ZDeliveryUpdate);

/** Failed, with what happened. */
export const failedForm = z
  .object({ note: text })
  .transform((values) => withoutBlanks({ ...values, status: 'failed' }))
  .pipe(ZDeliveryUpdate);
