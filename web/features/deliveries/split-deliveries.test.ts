import { describe, expect, it } from 'vitest';
import type { DeliveryStatus, TOrder } from '../../../contract/orders';
import type { OrderStatus } from '../../../contract/orders-constants';
import { splitDeliveries } from './split-deliveries';

const party = { id: 1, username: 'someone' };

function order(
  id: number,
  status: DeliveryStatus | null,
  orderStatus: OrderStatus = 'awaiting_delivery',
  deliveryId = id * 10,
): TOrder {
  return {
    id,
    tradeId: id,
    commodity: { id: 1, name: 'Maize', grade: 'A' },
    quantity: 1,
    price: 200,
    total: 200,
    buyer: party,
    seller: party,
    agent: null,
    status: orderStatus,
    delivery: status
      ? {
          id: deliveryId,
          mode: 'driver',
          driver: party,
          status,
          weighedQuantity: null,
          note: null,
          codeAttemptsLeft: 5,
          pickup: null,
          dropoff: null,
          from: null,
          to: null,
          window: null,
          fee: null,
          updatedAt: '2026-07-06T10:00:00Z',
        }
      : null,
    payment: { total: 200, paid: 0, refunded: 0, due: 200 },
    payments: [],
    refunds: [],
    handoverCode: null,
    dispute: null,
    weighing: {
      ordered: 1,
      billed: 1,
      weighed: null,
      deviationPercent: null,
      toAccept: false,
      totalIfAccepted: null,
    },
    escrow: { held: 0, released: 0, refunded: 0, releaseAt: null, frozen: false },
    payouts: [],
    mobilePayments: [],
    timeline: [],
    can: {
      cancel: false,
      arrangeDelivery: false,
      recordPayment: false,
      dispute: false,
      resolveDispute: false,
      renewCode: false,
      handOver: false,
      payByMobile: false,
      releaseEscrow: false,
    },
    createdAt: '2026-07-06T10:00:00Z',
  };
}

describe('splitDeliveries', () => {
  it('puts open deliveries first, new jobs on top, then the furthest along, newest first within a step', () => {
    const { open, done } = splitDeliveries([
      order(6, 'assigned'),
      order(5, 'delivered', 'delivered'),
      order(4, 'in_transit', 'in_transit'),
      order(3, 'assigned'),
      order(2, 'picked_up', 'in_transit'),
      order(1, 'failed'),
    ]);
    expect(open.map((row) => row.order.id)).toEqual([6, 3, 4, 2]);
    expect(done.map((row) => row.order.id)).toEqual([5, 1]);
  });

  it('puts a job given today on an older order before older jobs', () => {
    const { open } = splitDeliveries([
      order(9, 'assigned', 'awaiting_delivery', 90),
      order(2, 'assigned', 'awaiting_delivery', 95),
    ]);
    expect(open.map((row) => row.order.id)).toEqual([2, 9]);
  });

  it('files a cancelled order with the finished ones and leaves out orders without a delivery', () => {
    const { open, done } = splitDeliveries([order(2, 'assigned', 'cancelled'), order(1, null)]);
    expect(open).toEqual([]);
    expect(done.map((row) => row.order.id)).toEqual([2]);
  });
});
