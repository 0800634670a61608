// A list's first arrival drawn a few items at a time: `first` at once, then `step` more in each later task, each
// pass an interruptible (transition) render, so that no single commit (and its layout) holds the whole list on a
// slow phone. Once the whole list has been drawn, later changes (another page, a live update) are drawn at once.
import { startTransition, useEffect, useState } from 'react';

/** How many of a list's `total` items to draw now (Infinity once all have been drawn). */
export function useRevealCount(total: number, first: number, step: number): number {
  const [limit, setLimit] = useState(first);
  const done = limit === Number.POSITIVE_INFINITY;
  useEffect(() => {
    if (done || total === 0) {
      return;
    }
    // A task of its own after this commit: the browser may paint (and take a tap) in between.
    const next = limit + step >= total ? Number.POSITIVE_INFINITY : limit + step;
    const timer = setTimeout(() => startTransition(() => setLimit(next)), 0);
    return () => clearTimeout(timer);
  }, [done, limit, total, step]);
  return limit;
}
