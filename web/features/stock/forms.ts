// The stock screen's forms from text inputs ('2,5' or '2.5'), checked with the contract's own rules and turned into
// what the API takes (tons, not the kilograms the rules read them into); a movement that would take more than the
// lot holds is refused here too, with the quantity there is, before the server would.
import { z } from 'zod';
import { parseDecimalInput, ZIsoDate } from '../../../contract/farms';
import { ZTonsKg, ZTonsKgOrZero } from '../../../contract/marketplace';
import { kgToTons } from '../../../contract/quantity';
import {
  type TLotInput,
  type TMovementInput,
  type TStoreInput,
  ZLotInput,
  ZMovementInput,
  ZStoreInput,
} from '../../../contract/stock';
import { encodeMessage } from '../../../contract/validation';

/** An optional text field: empty (or blank) reads as absent. */
const blankAsAbsent = (text: unknown) => (typeof text === 'string' && text.trim() === '' ? undefined : text);
/** An optional decimal field: empty reads as absent, else the decimal it holds (NaN when it is not one). */
const optionalDecimal = (text: unknown) => {
  const present = blankAsAbsent(text);
  return present === undefined ? undefined : parseDecimalInput(present);
};
/** A select's id as text: empty reads as absent. */
const optionalId = (text: unknown) => {
  const present = blankAsAbsent(text);
  return present === undefined ? undefined : Number(present);
};
const tons = (kg: number) => kgToTons(kg);

/** The fields left out rather than sent empty: the API reads an absent field as "none" or "today". */
function present<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The message of a quantity above what may be taken: names the quantity there is, in the reader's figures. */
export const overAvailable = (available: string) =>
  encodeMessage({ key: 'stock.validation.overAvailable', params: { available } });

/** A quantity (tons, as text) that is at most `maxKg`: kg out, for the caller to send as tons. */
function boundedTons(maxKg: number, availableText: string) {
  return ZTonsKg.superRefine((kg, refinement) => {
    if (kg > maxKg) {
      refinement.addIssue({ code: 'custom', message: overAvailable(availableText) });
    }
  });
}

export const ZStoreForm = z
  .object({
    name: ZStoreInput.shape.name,
    kind: ZStoreInput.shape.kind,
    location: z.preprocess(blankAsAbsent, ZStoreInput.shape.location),
    farmId: z.preprocess(optionalId, ZStoreInput.shape.farmId),
  })
  .transform((v): TStoreInput => present(v));

export const ZLotForm = z
  .object({
    storeId: z.preprocess(optionalId, ZLotInput.shape.storeId),
    crop: ZLotInput.shape.crop,
    variety: z.preprocess(blankAsAbsent, ZLotInput.shape.variety),
    grade: ZLotInput.shape.grade,
    moisture: z.preprocess(optionalDecimal, ZLotInput.shape.moisture),
    quantity: ZTonsKg,
    date: z.preprocess(blankAsAbsent, ZLotInput.shape.date),
  })
  .transform((v): Omit<TLotInput, 'ownerId' | 'photos'> => present({ ...v, quantity: tons(v.quantity) }));

const [transfer, loss, count, regrade] = ZMovementInput.options;
const date = z.preprocess(blankAsAbsent, ZIsoDate.optional());
const note = z.preprocess(blankAsAbsent, count.shape.note);
const asMovement = (movement: TMovementInput): TMovementInput => present(movement);

/** "Record a loss": at most what the lot holds. */
export const lossForm = (maxKg: number, availableText: string) =>
  z
    .object({
      quantity: boundedTons(maxKg, availableText),
      reason: loss.shape.reason,
      note: z.preprocess(blankAsAbsent, loss.shape.note),
      date,
    })
    .transform((v) => asMovement({ kind: 'loss', ...v, quantity: tons(v.quantity) }));

/** "Count": what was found in the store (0 for an empty one). */
export const ZCountForm = z
  .object({ counted: ZTonsKgOrZero, note, date })
  .transform((v) => asMovement({ kind: 'count', ...v, counted: tons(v.counted) }));

/** "Move": at most the lot's free quantity (what is listed stays), to another store. */
export const moveForm = (maxKg: number, availableText: string) =>
  z
    .object({
      quantity: boundedTons(maxKg, availableText),
      toStoreId: z.preprocess(optionalId, transfer.shape.toStoreId),
      date,
    })
    .transform((v) => asMovement({ kind: 'transfer', ...v, quantity: tons(v.quantity) }));

/** "Regrade": the new grade, and the moisture measured with it (left out: unchanged). */
export const ZRegradeForm = z
  .object({
    grade: regrade.shape.grade,
    moisture: z.preprocess(optionalDecimal, regrade.shape.moisture),
    date,
  })
  .transform((v) => asMovement({ kind: 'regrade', ...v }));
