// The payments module's public face: money moved by mobile money (a buyer's collection into escrow, payouts to the
// seller, the agent and refunds), the durable queue that moves it, and the operator's books. It knows moves, not
// what they pay for: the module that asked for a move takes it in through the `moveSettled` hook. Others import
// payments only through this file.
import type { ModuleDefinition } from '../module';
import { paymentCallbackRoutes } from './callbacks.routes';
import { paymentsWorker } from './payments-worker';
import { payoutsRoutes } from './payouts.routes';

export { agreementMoveSettled, memberPayoutSettled, moveSettled, pooledPayee } from './hooks';
export {
  findMove,
  type MoveRow,
  type MoveWithPayee,
  movesByIds,
  movesOfAgreement,
  movesOfAgreements,
  movesOfOrders,
  operatorBalancesByOrder,
  operatorLinesOf,
  ordersHoldingEscrow,
  pendingCollectionOf,
  provenNumberOf,
  type QueuedMove,
} from './moves.repo';
export { movesFromJson, orderMovesJsonSql } from './moves-json';
export { operatorTotals } from './operator-books';
export { presentMobilePayment, presentPayout } from './payments.present';
export {
  applyDeposit,
  collectionConfigured,
  recordPayoutByHand,
  requestCollection,
  requestMemberPayouts,
  requestPayout,
  retryPayout,
  wake,
} from './payments.service';
export { settleMove } from './settle-move';

export const paymentsModule: ModuleDefinition = {
  name: 'payments',
  routes: [paymentCallbackRoutes, payoutsRoutes],
  start: (ctx) => paymentsWorker.of(ctx).start(),
  stop: (ctx) => paymentsWorker.of(ctx).stop(),
};
