// The actions the caller may take on an order now (as the server says in `can`).
import { useTranslation } from 'react-i18next';
import type { TOrder } from '../../../../contract/orders';
import { ArrangeDeliveryDialog } from './arrange-delivery-dialog';
import { CancelOrderDialog } from './cancel-order-dialog';
import { HandOverDialog } from './hand-over-dialog';
import { OpenDisputeDialog } from './open-dispute-dialog';
import { RecordPaymentDialog } from './record-payment-dialog';
import { ReplyDisputeDialog } from './reply-dispute-dialog';
import { ResolveDisputeDialog } from './resolve-dispute-dialog';

/** What the order's money sections offer (paying by mobile money, releasing the escrow): not buttons of this row. */
const ELSEWHERE = new Set(['payByMobile', 'releaseEscrow']);

export function OrderActions({ order }: { order: TOrder }) {
  const { t } = useTranslation('orders');
  const { can, delivery } = order;
  const handOver = can.handOver && delivery?.mode === 'pickup' ? delivery : null;
  const reply = order.dispute?.canReply ?? false;
  const any = reply || Object.entries(can).some(([name, allowed]) => allowed && !ELSEWHERE.has(name));
  if (!any) {
    return null;
  }
  return (
    <div className="flex flex-col gap-2">
      <h3 className="sr-only">{t('detail.actions')}</h3>
      <div className="flex flex-wrap gap-2">
        {can.arrangeDelivery ? <ArrangeDeliveryDialog order={order} /> : null}
        {handOver ? <HandOverDialog order={order} delivery={handOver} /> : null}
        {can.recordPayment ? <RecordPaymentDialog order={order} /> : null}
        {can.resolveDispute ? <ResolveDisputeDialog order={order} /> : null}
        {can.dispute ? <OpenDisputeDialog order={order} /> : null}
        {reply ? <ReplyDisputeDialog order={order} /> : null}
        {can.cancel ? <CancelOrderDialog order={order} /> : null}
      </div>
    </div>
  );
}
