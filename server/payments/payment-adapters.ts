// This instance's mobile-money adapters (each keeps its provider's token), built from its configuration once.
import type { MobileMoneyProvider } from '../../contract/payments';
import { held } from '../module';
import { collectionAdapter, disbursementAdapter } from './providers/adapters';
import type { CollectionAdapter, DisbursementAdapter } from './providers/provider';

export interface PaymentAdapters {
  /** null: that provider's collections are off on this server. */
  collection(provider: MobileMoneyProvider): CollectionAdapter | null;
  /** null: MTN's Disbursements are off: payouts wait for a manager. */
  disbursement(): DisbursementAdapter | null;
}

export const paymentAdapters = held('payments.adapters', (ctx): PaymentAdapters => {
  const { payments, channels } = ctx.config;
  // Orange sends the payer back to the order they paid, in the app.
  const returnUrl = `${channels.publicUrl}/orders`;
  const collections = {
    mtn_momo: collectionAdapter(payments, 'mtn_momo', returnUrl),
    orange_money: collectionAdapter(payments, 'orange_money', returnUrl),
  };
  const disbursement = disbursementAdapter(payments);
  return {
    collection: (provider) => collections[provider],
    disbursement: () => disbursement,
  };
});
