// Query data whose first arrival is drawn as an interruptible (deferred) render, the previous screen staying up
// meanwhile; once shown, later updates (a bid accepted, a live event) are drawn at once, as before.
import { useDeferredValue, useRef } from 'react';

/** One empty list for data not there yet: the same array each render, so memos and children see no change. */
export const NONE: never[] = [];

export function useDeferredFirst<T>(value: T | undefined): T | undefined {
  const deferred = useDeferredValue(value);
  const shown = useRef(false);
  if (deferred !== undefined) {
    // Idempotent: a render that React throws away only makes a later update skip the deferral.
    shown.current = true;
  }
  return shown.current ? value : deferred;
}
