// The schemas of an agreement's forms (delivery, deposit, dispute, decision), loaded when a form is first used, not
// with the agreement's screen: text inputs in, the contract's own checks and messages.
import { z } from 'zod';
import {
  ZAgreementDepositInput,
  ZAgreementDisputeInput,
  ZAgreementOrderInput,
  ZAgreementResolveInput,
} from '../../../contract/forward-agreements';

export const deliverForm = z
  .object({ quantity: z.string(), lotId: z.string() })
  .transform(
    ({ quantity, lotId }): z.input<typeof ZAgreementOrderInput> =>
      lotId === '' ? { quantity } : { quantity, lotId: Number(lotId) },
  )
  .pipe(ZAgreementOrderInput);

/** A blank number is left out: the server prompts the buyer's proven one. */
export const depositForm = z
  .object({ provider: z.string(), phone: z.string() })
  .transform(({ provider, phone }) => {
    const typed = phone.replace(/[\s.\-()]/g, '');
    return typed === '' ? { provider } : { provider, phone: typed };
  })
  .pipe(ZAgreementDepositInput);

export const disputeForm = z.object({ note: z.string() }).pipe(ZAgreementDisputeInput);
export const resolveForm = z.object({ outcome: z.string(), note: z.string() }).pipe(ZAgreementResolveInput);
