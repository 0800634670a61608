// The marketplace's dialogs (Radix dialog, forms, zod schemas) load when one is first opened, or when idle after
// the user's first interaction with the page: none of it is needed to show the market, and evaluating zod is a
// long task on a slow phone.
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
