// The one way a form writes: through the outbox, online or not, so a write is on the phone before the screen
// confirms it and never overtakes one still waiting. When the server answers within a few seconds the form
// behaves as it always did (the answer, or the server's refusal as an error); otherwise it says "saved on this
// phone" and the outbox sends it when it can.
import i18next from 'i18next';
import { ApiError, readableError } from '../api-client';
import { isOnline } from '../connectivity';
import { translateMessage } from '../i18n';
import { discardItem, waitForOutcome } from './outbox-actions';
import type { OutboxDraft, OutboxItem } from './outbox-item';
import { outboxStore } from './outbox-store';

/** A write kept on this phone, to be sent later: what a form shows instead of the server's answer. */
export class QueuedWrite {
  constructor(readonly item: OutboxItem) {}
}

export const isQueued = (value: unknown): value is QueuedWrite => value instanceof QueuedWrite;

/**
 * Stores the write, then waits for the outbox to send it: the server's answer (`T`), a `QueuedWrite` when no
 * answer came in time (offline, slow), or an `ApiError` when the server refused it (the item is then discarded:
 * the form shows the error, as it always has). A sign-in request keeps the item for after the sign-in.
 */
export async function queuedWrite<T>(
  draft: OutboxDraft,
  options: { timeoutMs?: number } = {},
): Promise<T | QueuedWrite> {
  try {
    return await storeAndWait<T>(draft, options);
  } catch (error) {
    // The phone's storage failing (full, private mode) reads as an unexpected error, not the browser's words.
    throw readableError(error);
  }
}

/** The outbox's refusal in the reader's words: the server's message, or a catalogue key the outbox stored. */
const refusalText = (error: string | null): string =>
  translateMessage((key, params) => i18next.t(key, params), error ?? '') || i18next.t('outbox:item.noReason');

async function storeAndWait<T>(
  draft: OutboxDraft,
  options: { timeoutMs?: number },
): Promise<T | QueuedWrite> {
  const store = outboxStore();
  const item = await store.add(draft);
  // Offline there is nothing to wait for: the phone has it, and says so at once.
  const outcome = isOnline() ? await waitForOutcome(item.id, { store, ...options }) : item;
  if (!outcome) {
    throw new ApiError(0, i18next.t('outbox:errors.discarded'));
  }
  if (outcome.state === 'sent') {
    return outcome.result as T;
  }
  if (outcome.state === 'refused') {
    await discardItem(outcome.id, { store });
    throw new ApiError(outcome.status ?? 400, refusalText(outcome.error));
  }
  if (outcome.state === 'auth') {
    throw new ApiError(401, refusalText(outcome.error));
  }
  return new QueuedWrite(outcome);
}
