// Paying an order from a mobile wallet: the last payment asked (live while it waits, then held in escrow or why it
// failed) and, while something is due, one button per provider this server offers, each opening its form.
import { useTranslation } from 'react-i18next';
import type { TOrder } from '../../../../contract/orders';
import type { MobileMoneyProvider } from '../../../../contract/payments';
import { ActionDialog } from '../../../components/entity-dialog';
import { deployment } from '../../../lib/deployment';
import { MobilePaymentStatus } from './mobile-payment-status';
import { PayForm } from './pay-form';

/** The providers a buyer can pay with here. */
export const mobileProviders = (): readonly MobileMoneyProvider[] => deployment().mobileMoney;

export function MobilePay({ order, payer }: { order: TOrder; payer: 'buyer' | 'manager' }) {
  const { t } = useTranslation('payments');
  const providers = mobileProviders();
  const last = order.mobilePayments.at(-1);
  const offer = order.can.payByMobile && providers.length > 0;
  if (!offer && !last) {
    return null;
  }
  const retry = last !== undefined && (last.status === 'failed' || last.status === 'expired');
  return (
    <div className="flex flex-col gap-3" data-testid="mobile-pay">
      {last ? <MobilePaymentStatus payment={last} /> : null}
      {offer ? (
        <div className="flex flex-wrap gap-2">
          {providers.map((provider) => {
            const name = t(`providers.${provider}`);
            return (
              <ActionDialog
                key={provider}
                variant="primary"
                label={retry ? t('pay.retryWith', { provider: name }) : t('pay.with', { provider: name })}
                title={t('pay.title', { provider: name, id: order.id })}
              >
                {(close) => <PayForm order={order} provider={provider} payer={payer} onDone={close} />}
              </ActionDialog>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
