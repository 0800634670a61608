// The finance module's public face: each farm's double-entry books, sales, reports and projections. Others import
// finance only through this file.
import type { ModuleDefinition } from '../module';
import { financeRoutes } from './finance.routes';

export { bookAgreementMoney } from './agreement-posting';
export { today } from './finance.service';
export { contractedIncome } from './hooks';
export {
  bookCommission,
  bookDeliveryFee,
  bookOrderPayment,
  bookOrderRefund,
  bookWeighing,
  reverseOrderEntry,
} from './order-posting';
export { bookExpenseIn, expenseOf, farmHasMoney, farmMoneyFor } from './plan-money';
export { refundSplit } from './posting';
export { postPendingTrades, postTradeToBooks } from './trade-posting';

export const financeModule: ModuleDefinition = {
  name: 'finance',
  routes: [financeRoutes],
};
