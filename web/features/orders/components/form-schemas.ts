// The order forms' schemas: text inputs, blanks left out, then the API's own schema (same rules, same messages).
import { z } from 'zod';
import {
  type TDeliveryUpdate,
  type TDisputeInput,
  type TDisputeResolution,
  type TPaymentInput,
  ZCancelInput,
  ZDeliveryUpdate,
  ZDisputeInput,
  ZDisputeResolution,
  ZPaymentInput,
} from '../../../../contract/orders';

const text = z.string();

/** Blank fields become absent, so optional ones may stay empty (the API schema then checks what is left). */
const withoutBlanks = <T>(values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== '')) as T;

export const cancelForm = z.object({ reason: text }).pipe(ZCancelInput);

export const paymentForm = z
  .object({ amount: text, method: text, reference: text, paidAt: text })
  .transform(withoutBlanks<TPaymentInput>)
  .pipe(ZPaymentInput);

export const disputeForm = z
  .object({ reason: text, note: text })
  .transform(withoutBlanks<TDisputeInput>)
  .pipe(ZDisputeInput);

export const resolutionForm = z
  .object({ resolution: text, amount: text, note: text })
  .transform(withoutBlanks<TDisputeResolution>)
  .pipe(ZDisputeResolution);

/** Hand-over of a pick-up order: the buyer's code, and the weight when the seller weighed it. */
export const handOverForm = z
  .object({ code: text, weighedQuantity: text })
  .transform((values) => withoutBlanks<TDeliveryUpdate>({ ...values, status: 'delivered' }))
  .pipe(ZDeliveryUpdate);
