// The marketplace's dialogs (Radix dialog, forms, zod schemas) load when one is first opened, or when the browser
// is idle after the page is drawn: none of it is needed to show the market.
import { lazy } from 'react';

const loadAdd = () => import('./add-commodity-dialog');
const loadBid = () => import('./place-bid-dialog');
const loadRequest = () => import('./request-commodity-dialog');

export const AddCommodityDialog = lazy(() => loadAdd().then((m) => ({ default: m.AddCommodityDialog })));
export const PlaceBidDialog = lazy(() => loadBid().then((m) => ({ default: m.PlaceBidDialog })));
export const RequestCommodityDialog = lazy(() =>
  loadRequest().then((m) => ({ default: m.RequestCommodityDialog })),
);

/** The dialogs this role can open, to preload one per idle moment (each import also preloads its chunks). */
export function dialogLoaders(role: string | undefined): (() => Promise<unknown>)[] {
  if (role === 'farmer') {
    return [loadAdd];
  }
  return role === 'buyer' ? [loadBid, loadRequest] : [];
}
