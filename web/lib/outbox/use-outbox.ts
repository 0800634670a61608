// A user's outbox items for the screen and the shell's indicator, kept live across tabs by the notifier.
import { useEffect, useMemo, useState } from 'react';
import { countByState, isPending, type OutboxItem, type OutboxState } from './outbox-item';
import { onOutboxChange } from './outbox-notifier';
import { type OutboxStore, outboxStore } from './outbox-store';

export interface OutboxView {
  /** In the order they were made. */
  items: OutboxItem[];
  counts: Record<OutboxState, number>;
  /** Saved, sending or waiting for a sign-in: what the indicator shows as "waiting". */
  pending: number;
  /** IndexedDB could not be read (private mode, storage full); the screen should say writes cannot be kept. */
  error: Error | null;
}

/** `userId` null (signed out) shows nothing: one user never sees another's items. */
export function useOutbox(userId: number | null, store: OutboxStore = outboxStore()): OutboxView {
  const [items, setItems] = useState<OutboxItem[]>([]);
  const [error, setError] = useState<Error | null>(null);

  useEffect(() => {
    setItems([]);
    setError(null);
    if (userId === null) {
      return;
    }
    let live = true;
    let latest = 0;
    const load = () => {
      // Reads can finish out of order; only the last one started may set the list.
      latest += 1;
      const mine = latest;
      store.list(userId).then(
        (list) => {
          if (live && mine === latest) {
            setItems(list);
            setError(null);
          }
        },
        (reason: unknown) => {
          if (live && mine === latest) {
            setError(reason instanceof Error ? reason : new Error(String(reason)));
          }
        },
      );
    };
    load();
    const stop = onOutboxChange((change) => {
      if (change.userId === userId) {
        load();
      }
    });
    return () => {
      live = false;
      stop();
    };
  }, [userId, store]);

  return useMemo(
    () => ({ items, counts: countByState(items), pending: items.filter(isPending).length, error }),
    [items, error],
  );
}
