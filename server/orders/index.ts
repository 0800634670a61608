// The orders module's public face: orders from accepted bids, their payments, delivery, disputes and refunds. It
// owns the end of the trade chain, which it joins through the hooks the modules below declare. Others import
// orders only through this file.
import { linksChanged, orderSales } from '../agents';
import { farmCreated } from '../farms';
import { postPendingTrades } from '../finance';
import { orderOpener, ordersStale } from '../marketplace';
import type { ModuleDefinition } from '../module';
import { moveSettled } from '../payments';
import { orderForRating, orderRecordOf } from '../ratings';
import { takeSettledMove } from './escrow.service';
import { escrowReleaser } from './escrow-releaser';
import {
  netSalesCents,
  paidCentsOfTrade,
  orderForRating as ratedOrder,
  orderRecordOf as recordOf,
} from './lookups';
import { openOrder } from './open-order';
import { ordersRoutes } from './orders.routes';
import { ordersCache } from './orders-cache';

export { orderOfAgreedTrade, prepayOrder } from './agreement-payments';
export { buyerContactOf } from './buyer-contact';
export { arrangeDelivery, refusalForArrange } from './deliveries.service';
export { startMobilePayment } from './escrow.service';
export { orderIdOfTrade, orderStatesOf } from './lookups';
export { mayArrangeDelivery } from './orders.policy';
export { presentOrder } from './orders.present';
export { getOrder, listOrdersOf } from './orders.service';

export const ordersModule: ModuleDefinition = {
  name: 'orders',
  routes: [ordersRoutes],
  // Escrow whose hold has ended goes to the seller on the payments queue's beat.
  start: (ctx) => escrowReleaser.of(ctx).start(),
  stop: (ctx) => escrowReleaser.of(ctx).stop(),
  fills: [
    // A collection or payout of an order reached its end: the order, its books and its people take it in.
    moveSettled.fill(takeSettledMove),
    // Accepting a bid opens its order, in the accept transaction.
    orderOpener.fill(openOrder),
    // A seller's first farm takes their trades that waited for one, with what each order was paid so far.
    farmCreated.fill(async (tx, bus, farm) => {
      await postPendingTrades(tx, bus, { sellerId: farm.ownerId, farmId: farm.id }, paidCentsOfTrade);
    }),
    // A commission statement shows the sale each commission was taken from.
    orderSales.fill(netSalesCents),
    // A link's change changes whose orders an agent sees: this instance's cached pages go.
    linksChanged.fill((ctx) => ordersCache.of(ctx).drop()),
    // An accepted bid's order, a commodity renamed: the same.
    ordersStale.fill((ctx) => ordersCache.of(ctx).drop()),
    // A rating is of an order between its two parties; a user's ratings come with how their orders ended.
    orderForRating.fill(ratedOrder),
    orderRecordOf.fill(recordOf),
  ],
};
