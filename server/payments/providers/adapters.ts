// Which adapter serves a provider on this server: null when the provider (or MTN's product) is not configured.
// Each call makes a new adapter with its own token cache: the caller keeps one per app instance.
import type { MobileMoneyProvider } from '../../../contract/payments';
import type { PaymentsConfig } from '../../config';
import { MomoCollection, MomoDisbursement } from './momo';
import { OrangeWebPayment } from './orange';
import type { CollectionAdapter, DisbursementAdapter } from './provider';

/** `returnUrl`: where Orange's page sends the payer back (e.g. `${publicUrl}/orders`). */
export function collectionAdapter(
  config: PaymentsConfig,
  provider: MobileMoneyProvider,
  returnUrl: string,
): CollectionAdapter | null {
  if (provider === 'mtn_momo') {
    return config.momo?.collection
      ? new MomoCollection({ momo: config.momo, timeoutMs: config.timeoutMs })
      : null;
  }
  return config.orange
    ? new OrangeWebPayment({ orange: config.orange, timeoutMs: config.timeoutMs, returnUrl })
    : null;
}

/** Payouts and refunds go by MTN Disbursements only (Orange's web payment has none). */
export function disbursementAdapter(config: PaymentsConfig): DisbursementAdapter | null {
  return config.momo?.disbursement
    ? new MomoDisbursement({ momo: config.momo, timeoutMs: config.timeoutMs })
    : null;
}
