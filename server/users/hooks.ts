// What users need from modules above them, declared here and filled by those modules' definitions.
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { hook } from '../module';

/** The catalogue kind a typed commodity name means on this instance, or null (filled by the marketplace). */
export const commodityKindOf =
  hook<(ctx: AppContext, name: string) => Promise<{ key: string } | null>>('users.commodityKindOf');

/** What a farmer has sold in all, in minor units (filled by the marketplace, which keeps the trades). */
export const farmerSalesCents = hook<(db: Tx, userId: number) => Promise<number>>('users.farmerSalesCents');
