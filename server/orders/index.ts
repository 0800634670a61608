// The orders module's public face: orders from accepted bids, their payments, delivery, disputes and refunds. It
// owns the end of the trade chain, which it joins through the hooks the modules below declare. Others import
// orders only through this file.
import { linksChanged, orderSales } from '../agents';
import { farmCreated } from '../farms';
import { postPendingTrades } from '../finance';
import { orderOpener } from '../marketplace';
import type { ModuleDefinition } from '../module';
import { netSalesCents, paidCentsOfTrade } from './lookups';
import { openOrder } from './open-order';
import { ordersRoutes } from './orders.routes';
import { ordersCache } from './orders-cache';

export const ordersModule: ModuleDefinition = {
  name: 'orders',
  routes: [ordersRoutes],
  fills: [
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
  ],
};
