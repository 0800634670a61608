// A driver's job as arranged: where from and where to (a named place, an optional map pin), when, and the fee.
import { z } from 'zod';
import { ZAmount } from './finance';
import { zSingleLine } from './text';

/** Who pays the driver's fee; it is booked as an expense on that side's farm books, if they have a farm. */
export const FEE_PAYERS = ['buyer', 'seller'] as const;

/** The longest a place's name may be (a village, a market, a store, with a landmark). */
export const PLACE_NAME_MAX = 120;
/** The longest window a delivery may be given: a job for this month, not an open-ended promise. */
export const MAX_WINDOW_DAYS = 31;

const coordinate = (limit: number, message: string) =>
  z.number({ error: message }).min(-limit, message).max(limit, message);

/** A named place with, when the phone gave one, its pin (latitude and longitude together, in degrees). */
export const ZPlaceInput = z
  .object({
    name: zSingleLine({ error: 'orders.validation.place' })
      .min(1, 'orders.validation.place')
      .max(PLACE_NAME_MAX, 'orders.validation.placeTooLong'),
    latitude: coordinate(90, 'orders.validation.latitude').optional(),
    longitude: coordinate(180, 'orders.validation.longitude').optional(),
  })
  .strict()
  .refine((p) => (p.latitude === undefined) === (p.longitude === undefined), {
    message: 'orders.validation.pin',
    path: ['longitude'],
  });

const ZInstant = z.iso.datetime({ offset: true, message: 'orders.validation.windowTime' });

/** When the driver is expected: from one instant to a later one, at most MAX_WINDOW_DAYS apart. */
export const ZDeliveryWindow = z
  .object({ from: ZInstant, to: ZInstant })
  .strict()
  .refine((w) => Date.parse(w.to) > Date.parse(w.from), {
    message: 'orders.validation.windowOrder',
    path: ['to'],
  })
  .refine((w) => Date.parse(w.to) - Date.parse(w.from) <= MAX_WINDOW_DAYS * 86_400_000, {
    message: 'orders.validation.windowTooLong',
    path: ['to'],
  });

export const ZDeliveryFeeInput = z
  .object({
    amount: ZAmount,
    paidBy: z.enum(FEE_PAYERS, { error: 'orders.validation.feePayer' }),
  })
  .strict();

/** What arranging a driver may say beyond the driver (each part optional: older clients send the driver only). */
export const DELIVERY_TERMS_SHAPE = {
  from: ZPlaceInput.optional(),
  to: ZPlaceInput.optional(),
  window: ZDeliveryWindow.optional(),
  fee: ZDeliveryFeeInput.optional(),
};

export const ZPlace = z.object({
  name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type TPlace = z.infer<typeof ZPlace>;

export const ZDeliveryFee = z.object({ amount: z.number(), paidBy: z.enum(FEE_PAYERS) });

/** The driver's earnings: the fees of delivered jobs, per week (from Monday, UTC) and per month, newest first. */
export const ZEarningsPeriod = z.object({
  /** The week's Monday (`YYYY-MM-DD`) or the month (`YYYY-MM`). */
  period: z.string(),
  amount: z.number(),
  jobs: z.number().int(),
});
export const ZDriverEarnings = z.object({
  weeks: z.array(ZEarningsPeriod),
  months: z.array(ZEarningsPeriod),
  total: z.number(),
  jobs: z.number().int(),
});
export type TDriverEarnings = z.infer<typeof ZDriverEarnings>;

/** Weeks and months the earnings page goes back. */
export const EARNINGS_WEEKS = 12;
export const EARNINGS_MONTHS = 12;
