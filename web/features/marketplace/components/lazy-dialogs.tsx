// The marketplace's dialogs (Radix dialog, forms, zod schemas) load when one is first opened, or when idle after
// the user's first interaction with the page: none of it is needed to show the market, and evaluating zod is a
// long task on a slow phone.
import { preloadable } from '../../../lib/preloadable';

const add = preloadable(() => import('./add-commodity-dialog').then((m) => m.AddCommodityDialog));
const edit = preloadable(() => import('./edit-commodity-dialog').then((m) => m.EditCommodityDialog));
const withdrawListing = preloadable(() =>
  import('./withdraw-listing-dialog').then((m) => m.WithdrawListingDialog),
);
const acceptBid = preloadable(() => import('./accept-bid-dialog').then((m) => m.AcceptBidDialog));
const bid = preloadable(() => import('./place-bid-dialog').then((m) => m.PlaceBidDialog));
const withdrawBid = preloadable(() => import('./withdraw-bid-dialog').then((m) => m.WithdrawBidDialog));
const request = preloadable(() => import('./request-commodity-dialog').then((m) => m.RequestCommodityDialog));

export const AddCommodityDialog = add.Component;
export const EditCommodityDialog = edit.Component;
export const WithdrawListingDialog = withdrawListing.Component;
export const AcceptBidDialog = acceptBid.Component;
export const PlaceBidDialog = bid.Component;
export const WithdrawBidDialog = withdrawBid.Component;
export const RequestCommodityDialog = request.Component;

/** The dialogs this role can open, to preload one per idle moment (each import also preloads its chunks). */
export function dialogLoaders(role: string | undefined): (() => Promise<unknown>)[] {
  if (role === 'farmer' || role === 'agent') {
    return [add.preload, acceptBid.preload, edit.preload, withdrawListing.preload];
  }
  return role === 'buyer' ? [bid.preload, request.preload, withdrawBid.preload] : [];
}
