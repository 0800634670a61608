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
  ZDisputeReply,
  ZDisputeResolution,
  ZPaymentInput,
} from '../../../../contract/orders';
import { ZMobilePaymentInput } from '../../../../contract/payments';
import { toDecimalInput } from '../../../lib/format';

const text = z.string();

/** Blank fields become absent, so optional ones may stay empty (the API schema then checks what is left). */
const withoutBlanks = <T>(values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== '')) as T;

export const cancelForm = z.object({ reason: text }).pipe(ZCancelInput);

export const paymentForm = z
  .object({ amount: text, method: text, reference: text, paidAt: text })
  .transform(withoutBlanks<TPaymentInput>)
  .pipe(ZPaymentInput);

/**
 * What a payment form opens with: the amount still due (a payment most often settles it), typed as the language
 * writes decimals; empty when nothing is due. Today's date; the method is the payer's to choose.
 */
export function paymentDefaults(due: number, language: string, today: string) {
  return { amount: due > 0 ? toDecimalInput(due, language) : '', method: '', reference: '', paidAt: today };
}

export const disputeForm = z
  .object({ reason: text, note: text })
  .transform(withoutBlanks<TDisputeInput>)
  .pipe(ZDisputeInput);

/** The seller's answer: the note here; the photos are picked apart and joined at submit. */
export const replyForm = z.object({ note: text }).pipe(ZDisputeReply);

export const resolutionForm = z
  .object({ resolution: text, amount: text, note: text, method: text, reference: text })
  .transform(withoutBlanks<TDisputeResolution>)
  .pipe(ZDisputeResolution);

/** Hand-over of a pick-up order: the buyer's code, and the weight when the seller weighed it. */
export const handOverForm = z
  .object({ code: text, weighedQuantity: text, weight: text })
  .transform((values) => withoutBlanks<TDeliveryUpdate>({ ...values, status: 'delivered' }))
  .pipe(ZDeliveryUpdate);

/**
 * Pay by mobile money: the provider (the button chosen) and the number, its spaces, dots and dashes dropped (a number
 * is typed as it is read aloud); a blank number is the buyer's proven one.
 */
export const mobilePayForm = z
  .object({ provider: text, phone: text })
  .transform(({ provider, phone }) =>
    withoutBlanks<z.input<typeof ZMobilePaymentInput>>({ provider, phone: phone.replace(/[\s.\-()]/g, '') }),
  )
  .pipe(ZMobilePaymentInput);
