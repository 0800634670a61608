// The co-operative screens' forms from text inputs, checked with the contract's own rules and turned into what the
// API takes: an intake weighed in kilograms or counted in bags (sent as tons), a correction's reason, input credit,
// a cash payment's reference, a settlement's lots or order, a broadcast, and a bulk lot's listing.
import { z } from 'zod';
import { parseDecimalInput } from '../../../contract/farms';
import {
  type TIntakeInput,
  type TSettlementInput,
  ZBroadcastInput,
  ZCashPaidInput,
  ZCreditInput,
  ZIntakeInput,
  ZIntakeReversalInput,
} from '../../../contract/groups';
import { refuseZeroTotal, ZPriceCents, ZTonsKg } from '../../../contract/marketplace';
import { centsToDecimal, MAX_AMOUNT_CENTS, parseMoneyToCents } from '../../../contract/money';
import { kgToTons } from '../../../contract/quantity';
import { bagsToKg, parseBags, parseKg, parseKgPerBag } from './quantity';

/** An optional text field: empty (or blank) reads as absent. */
const blankAsAbsent = (text: unknown) => (typeof text === 'string' && text.trim() === '' ? undefined : text);
/** An optional decimal field: empty reads as absent, else the decimal it holds (NaN when it is not one). */
const optionalDecimal = (text: unknown) => {
  const present = blankAsAbsent(text);
  return present === undefined ? undefined : parseDecimalInput(present);
};
/** A select's id: refused with `message` until one is chosen. */
const pickedId = (message: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number);

/** The fields left out rather than sent empty: the API reads an absent field as "none" or "today". */
function present<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** How the keeper measured the delivery: on the scale, or by counting bags of a known weight. */
export const INTAKE_MEASURES = ['kg', 'bags'] as const;

const intakeFields = z.object({
  memberId: pickedId('coop.validation.member'),
  crop: ZIntakeInput.shape.crop,
  grade: ZIntakeInput.shape.grade,
  moisture: z.preprocess(optionalDecimal, ZIntakeInput.shape.moisture),
  measure: z.enum(INTAKE_MEASURES),
  kg: z.string(),
  bags: z.string(),
  kgPerBag: z.string(),
  storeId: pickedId('coop.validation.store'),
  date: z.preprocess(blankAsAbsent, ZIntakeInput.shape.date),
});

/** The delivery's whole kilograms and bags as typed, or the field to blame and why. */
export function intakeWeight(
  v: Record<'measure' | 'kg' | 'bags' | 'kgPerBag', string>,
): { kg: number; bags: number | undefined } | { field: 'kg' | 'bags' | 'kgPerBag'; message: string } {
  const bagsTyped = v.bags.trim() !== '';
  const bags = parseBags(v.bags);
  if (v.measure === 'bags' || bagsTyped) {
    if (bags === null) {
      return { field: 'bags', message: 'coop.validation.bags' };
    }
  }
  let kg: number | null;
  if (v.measure === 'bags') {
    const perBag = parseKgPerBag(v.kgPerBag);
    if (perBag === null) {
      return { field: 'kgPerBag', message: 'coop.validation.kgPerBag' };
    }
    kg = bagsToKg(bags ?? 0, perBag);
  } else {
    kg = parseKg(v.kg);
  }
  const field = v.measure === 'bags' ? 'bags' : 'kg';
  if (kg === null) {
    return { field, message: 'coop.validation.kg' };
  }
  // The contract's own bounds on a quantity (the kilogram columns), in its words.
  const bound = ZTonsKg.safeParse(kgToTons(kg));
  if (!bound.success) {
    return { field, message: bound.error.issues[0]?.message ?? 'coop.validation.kg' };
  }
  return { kg, bags: bags ?? undefined };
}

/** "Record a delivery": the API's intake, its quantity in tons. */
export const ZIntakeForm = intakeFields
  .superRefine((v, refinement) => {
    const weight = intakeWeight(v);
    if ('field' in weight) {
      refinement.addIssue({ code: 'custom', path: [weight.field], message: weight.message });
    }
  })
  .transform((v): TIntakeInput => {
    const weight = intakeWeight(v);
    const { kg, bags } = 'field' in weight ? { kg: 0, bags: undefined } : weight;
    return present({
      memberId: v.memberId,
      crop: v.crop,
      grade: v.grade,
      moisture: v.moisture,
      quantity: kgToTons(kg),
      bags,
      storeId: v.storeId,
      date: v.date,
    });
  });

/** "Correct": the reversing entry's reason. */
export const ZReversalForm = ZIntakeReversalInput;

/** Input credit given to a member: the amount typed in the currency (sent in minor units). */
export const ZCreditForm = z
  .object({
    memberId: pickedId('coop.validation.member'),
    amount: z.string().transform((text, refinement) => {
      const cents = parseMoneyToCents(text.trim());
      if (cents === null || cents <= 0 || cents > MAX_AMOUNT_CENTS) {
        refinement.addIssue({ code: 'custom', message: 'coop.validation.amount' });
        return z.NEVER;
      }
      return cents;
    }),
    note: ZCreditInput.shape.note,
    date: z.preprocess(blankAsAbsent, ZCreditInput.shape.date),
  })
  .transform((v) => present({ ...v }));

/** A cash_due share paid in cash: the receipt's reference. */
export const ZCashForm = ZCashPaidInput;

/** A new settlement: of the sold lots ticked, or of one order (its number typed). */
export const ZSettlementForm = z
  .object({ by: z.enum(['lots', 'order']), lotIds: z.array(z.number()), orderId: z.string() })
  .transform((v, refinement): TSettlementInput => {
    if (v.by === 'order') {
      const orderId = Number(v.orderId.trim());
      if (!/^[1-9]\d{0,9}$/.test(v.orderId.trim())) {
        refinement.addIssue({ code: 'custom', path: ['orderId'], message: 'coop.validation.order' });
        return z.NEVER;
      }
      return { orderId };
    }
    if (v.lotIds.length === 0) {
      refinement.addIssue({ code: 'custom', path: ['lotIds'], message: 'coop.validation.lots' });
      return z.NEVER;
    }
    return { lotIds: v.lotIds };
  });

/** A broadcast in English and/or French, to every member or those with stock of a crop. */
export const ZBroadcastForm = z
  .object({ en: z.string(), fr: z.string(), crop: z.string() })
  .transform((v) => {
    const message: { en?: string; fr?: string; crop?: string } = {};
    for (const key of ['en', 'fr', 'crop'] as const) {
      if (v[key].trim() !== '') {
        message[key] = v[key];
      }
    }
    return message;
  })
  .pipe(ZBroadcastInput.transform(({ dryRun: _, ...message }) => message));

/** A bulk lot listed for the co-operative: its free tons at most, a price per ton, a total above nothing. */
export const listingForm = (freeKg: number) =>
  z
    .object({ quantity: ZTonsKg, price: ZPriceCents })
    .superRefine((v, refinement) => {
      if (v.quantity > freeKg) {
        refinement.addIssue({ code: 'custom', path: ['quantity'], message: 'coop.validation.overFree' });
      }
      refuseZeroTotal(refinement, 'price', v.price, v.quantity);
    })
    .transform((v) => ({ quantity: kgToTons(v.quantity), price: centsToDecimal(v.price) }));
