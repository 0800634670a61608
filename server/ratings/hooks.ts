// What ratings need from modules above them, declared here and filled by those modules' definitions.
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { hook } from '../module';
import type { CommodityNamer } from './ratings.present';

/** The catalogue this instance names commodities by, in each reader's language (filled by the marketplace). */
export const commodityNamer = hook<(ctx: AppContext) => Promise<CommodityNamer>>('ratings.commodityNamer');

/** A rating changed: this instance's pages that show a user's rating are stale (filled by the marketplace). */
export const ratingsChanged = hook<(ctx: AppContext) => void>('ratings.ratingsChanged');

/** An order's parties and state as a rating needs them, or null (filled by the orders module). */
export const orderForRating =
  hook<
    (
      db: Tx,
      orderId: number,
    ) => Promise<{ buyerId: number; sellerId: number; commodityName: string; completed: boolean } | null>
  >('ratings.orderForRating');

/** How a user's orders ended: the record beside their ratings (filled by the orders module). */
export const orderRecordOf =
  hook<(db: Tx, userId: number) => Promise<{ completed: number; cancelled: number; disputed: number }>>(
    'ratings.orderRecordOf',
  );
