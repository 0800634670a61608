// Sends the signed-in user's outbox while they are signed in (only theirs: the library replays one user's items),
// and, once per page, tidies old sent items and asks the browser to keep this site's storage.
import { useEffect } from 'react';
import { outboxStore } from '../lib/outbox/outbox-store';
import { startOutboxReplay } from '../lib/outbox/replay-triggers';

let tidied = false;

function tidyOnce(): void {
  if (tidied) {
    return;
  }
  tidied = true;
  outboxStore()
    .clearSent()
    .catch((error: unknown) => console.error('outbox: clearing sent items failed', error));
  // Without it the browser may evict IndexedDB under storage pressure, and with it writes not yet sent.
  navigator.storage?.persist?.().catch(() => false);
}

export function useOutboxReplay(userId: number): void {
  useEffect(tidyOnce, []);
  useEffect(() => startOutboxReplay(userId), [userId]);
}
