// Whether the server can be reached, for any screen: the device's online/offline events corrected by what our
// requests find (see connectivity.ts: `navigator.onLine` alone is true in a browser restarted offline).
import { useSyncExternalStore } from 'react';
import { isOnline, subscribeConnectivity } from './connectivity';

/** True without a browser (server rendering, tests): only a browser can say it is offline. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOnline, () => true);
}
