// The marketplace module's public face: listings, bids, requests, prices and the commodity catalogue. Others import
// the marketplace only through this file.
import type { AppContext } from '../context';
import type { ModuleDefinition } from '../module';
import { commodityCatalogue } from '../notifications';
import { commodityNamer, ratingsChanged } from '../ratings';
import { cropQuote } from '../stock';
import { commodityKindOf, farmerSalesCents } from '../users';
import { quoteOfCrop } from './crop-quote';
import { totalSalesCents } from './lookups';
import { marketModel } from './market-model';
import { marketplaceRoutes } from './marketplace.routes';

export { agreedTrade, marketChanged } from './agreed-trade';
export { kindName } from './catalogue';
export { readerNames } from './catalogue-routes';
export { orderOpener, ordersStale, sellerCooperatives } from './hooks';
export {
  buyerUsernameOf,
  isListingOwnedBy,
  markTradePosted,
  returnToListing,
  tradeMarketKeySql,
  unpostedTradesOf,
} from './lookups';
export { marketModel } from './market-model';
export type { NameOf } from './marketplace.present';
export {
  bidById,
  bidsOfBuyer,
  createListing,
  decideBid,
  listingById,
  listingsInMarket,
  pendingBidsReceived,
  placeBid,
} from './marketplace.service';
export { listAlerts, presentAlert, removeAlertsOn, setAlert } from './price-alerts';
export type { AcceptedTrade } from './trade-accepted';

/** This instance's catalogue: what the modules below name commodities and resolve typed names by. */
const catalogueOf = (ctx: AppContext) => marketModel.of(ctx).catalogue.get();

export const marketplaceModule: ModuleDefinition = {
  name: 'marketplace',
  routes: [marketplaceRoutes],
  fills: [
    commodityCatalogue.fill(catalogueOf),
    commodityNamer.fill(catalogueOf),
    ratingsChanged.fill((ctx) => marketModel.of(ctx).onEvent({ type: 'rating' })),
    commodityKindOf.fill(async (ctx, name) => (await catalogueOf(ctx)).kindOf(name)),
    farmerSalesCents.fill(totalSalesCents),
    cropQuote.fill(quoteOfCrop),
  ],
};
