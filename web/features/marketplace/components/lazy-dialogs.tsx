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

export function preloadDialogs(role: string | undefined): void {
  if (role === 'farmer') {
    void loadAdd();
  }
  if (role === 'buyer') {
    void loadBid();
    void loadRequest();
  }
}
