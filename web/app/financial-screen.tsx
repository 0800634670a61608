// /financial by role: a driver keeps no farm books, so their money screen is their earnings from delivery fees.
import { EarningsPage } from '../features/deliveries/components/earnings-page';
import { FinancialPage } from '../features/finance/components/financial-page';
import { useUser } from '../lib/session';

export function FinancialScreen() {
  return useUser().data?.role === 'delivery' ? <EarningsPage /> : <FinancialPage />;
}
