// What the finance module needs from modules above it, declared here and filled by those modules' definitions.
import type { AppContext } from '../context';
import { hook } from '../module';

/**
 * Income a farm is contracted to receive in each of `months` (YYYY-MM), in cents: its owner's forward agreements
 * still to deliver, at today's price by their rule. The projections show it beside the guess from history.
 */
export const contractedIncome =
  hook<
    (
      ctx: AppContext,
      farm: { id: number; ownerId: number },
      months: readonly string[],
    ) => Promise<Map<string, number>>
  >('finance.contractedIncome');
