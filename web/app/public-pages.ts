// The pages anyone may open without signing in (a deposit receipt a buyer or lender checks from its code), drawn
// without the signed-in shell whoever is signed in, so that they print as the page alone.
import i18next from 'i18next';
import { preloadable } from '../lib/preloadable';

const receiptPage = preloadable(() => import('./public-receipt').then((m) => m.PublicReceipt));

/** A receipt's address: `/receipts/<code>` (the code is checked by the server, which says only "not found"). */
const RECEIPT_PATH = /^\/receipts\/([^/]+)\/?$/;

/** The receipt code a path names, or null when the path is no public page. */
export function receiptCodeOf(path: string): string | null {
  const match = RECEIPT_PATH.exec(path);
  if (!match?.[1]) {
    return null;
  }
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

export const isPublicPath = (path: string) => receiptCodeOf(path) !== null;

export const ReceiptPage = receiptPage.Component;

/** Starts loading a public page's code and texts; resolves when they are here. */
export const preloadPublicPage = (): Promise<unknown> =>
  Promise.all([receiptPage.preload(), i18next.loadNamespaces('stock')]);
