// What ratings need from modules above them, declared here and filled by those modules' definitions.
import type { AppContext } from '../context';
import { hook } from '../module';
import type { CommodityNamer } from './ratings.present';

/** The catalogue this instance names commodities by, in each reader's language (filled by the marketplace). */
export const commodityNamer = hook<(ctx: AppContext) => Promise<CommodityNamer>>('ratings.commodityNamer');

/** A rating changed: this instance's pages that show a user's rating are stale (filled by the marketplace). */
export const ratingsChanged = hook<(ctx: AppContext) => void>('ratings.ratingsChanged');
