// The stock module's public face: stores, lots and their movements, and what the marketplace, crops and orders
// ask of them (a listing's reservation, a sale, a return, a harvest's stored part). Others import stock only here.
import type { ModuleDefinition } from '../module';
import { receiptsRoutes } from './receipts.routes';
import { lotPhotosRoutes, lotsRoutes, storesRoutes } from './stock.routes';

export { hasPhoneStock, type PhoneLot, phoneLoss, phoneLot, phoneLots, phoneReceipt } from './by-phone';
export {
  addIntakeToBulkLot,
  answerStores,
  lotsOfOrder,
  lotsOwnedBy,
  openCoopStore,
  salesFromLots,
  setKeeperOfStores,
  storesOwnedBy,
  takeIntakeBack,
} from './coop-stock';
export { type CropQuote, cropQuote } from './hooks';
export {
  lotFromHarvest,
  reserveForListing,
  returnSale,
  sellFromListing,
  setListingReservation,
  stockOfListings,
} from './market-stock';
export { receiptAnswer } from './receipt-text';
export { wetLotsOf } from './wet-lots';

export const stockModule: ModuleDefinition = {
  name: 'stock',
  routes: [storesRoutes, lotsRoutes, lotPhotosRoutes, receiptsRoutes],
};
