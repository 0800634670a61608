// What the orders module contributes to the modules below it, through the hooks they declare: it owns the end of
// the trade chain (an accepted bid's order and its books) and what orders know that agents and farms wait for.
import { linksChanged, orderSales } from '../agents/agents.service';
import { farmCreated } from '../farms/farms.service';
import { postPendingTrades } from '../finance/trade-posting';
import { orderOpener } from '../marketplace/trade-accepted';
import { netSalesCents, paidCentsOfTrade } from './lookups';
import { openOrder } from './open-order';

/** Registers every hook orders fills (idempotent: each app instance of a process may call it). */
export function registerOrdersHooks(): void {
  // Accepting a bid opens its order, in the accept transaction.
  orderOpener.provide(openOrder);
  // A seller's first farm takes their trades that waited for one, with what each order was paid so far.
  farmCreated.register('orders', async (tx, bus, farm) => {
    await postPendingTrades(tx, bus, { sellerId: farm.ownerId, farmId: farm.id }, paidCentsOfTrade);
  });
  // A commission statement shows the sale each commission was taken from.
  orderSales.provide(netSalesCents);
  // A link's change changes whose orders an agent sees: this instance's cached pages go.
  linksChanged.register('orders', (ctx) => ctx.orders.drop());
}
