// A user's writes of one kind still in the outbox (a bid, a post), for the screen that lists that kind: it shows
// them marked as waiting, and refetches the real thing when one lands (`onLanded`).
import { useEffect, useMemo, useRef } from 'react';
import { isOnline } from '../connectivity';
import { OUTCOME_WAIT_MS } from './outbox-actions';
import { isPending, type OutboxItem, type OutboxMethod } from './outbox-item';
import { useOutbox } from './use-outbox';

/**
 * A write the form is still waiting on (online, first try, no failure yet) is not shown as waiting: it lands in a
 * moment and the list shows the real one; showing it meanwhile would only make it flicker.
 */
function isFirstTryUnderWay(item: OutboxItem, now: number): boolean {
  return (
    isOnline() &&
    item.state !== 'auth' &&
    item.error === null &&
    item.attempts <= 1 &&
    now - item.createdAt < OUTCOME_WAIT_MS
  );
}

export function useWaitingWrites(
  userId: number | null,
  request: { method: OutboxMethod; path: string },
  onLanded: () => void,
): OutboxItem[] {
  const { items } = useOutbox(userId);
  const { method, path } = request;
  const pending = useMemo(
    () => items.filter((item) => item.method === method && item.path === path && isPending(item)),
    [items, method, path],
  );
  const seen = useRef(new Set<string>());
  const landed = useRef(onLanded);
  landed.current = onLanded;
  useEffect(() => {
    const ids = new Set(pending.map((item) => item.id));
    const gone = [...seen.current].some((id) => !ids.has(id));
    seen.current = ids;
    if (gone) {
      landed.current();
    }
  }, [pending]);
  return useMemo(() => {
    const now = Date.now();
    return pending.filter((item) => !isFirstTryUnderWay(item, now));
  }, [pending]);
}
