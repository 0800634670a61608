// The agreements module's public face: forward agreements between a buyer and a farmer or a co-operative, their
// deposits in escrow, deliveries as marketplace orders, and their settlement. It fills payments' hook for an
// agreement's own moves. Others import agreements only through this file.

import { contractedIncome } from '../finance';
import type { ModuleDefinition } from '../module';
import { agreementMoveSettled } from '../payments';
import { takeAgreementMove } from './agreement-money';
import { agreementSettler } from './agreement-settler';
import { agreementDeliveryRoutes, agreementsRoutes } from './agreements.routes';
import { contractedIncomeOf } from './agreements-read';

export { decideAgreement } from './agreements.service';
export { getAgreement, listAgreements } from './agreements-read';

export const agreementsModule: ModuleDefinition = {
  name: 'agreements',
  routes: [agreementsRoutes, agreementDeliveryRoutes],
  start: (ctx) => agreementSettler.of(ctx).start(),
  stop: (ctx) => agreementSettler.of(ctx).stop(),
  fills: [
    // The deposit's collection, the advance and the deposit's end: the agreement takes each in.
    agreementMoveSettled.fill(takeAgreementMove),
    // A farm's projections show the income its owner's agreements have contracted.
    contractedIncome.fill(contractedIncomeOf),
  ],
};
