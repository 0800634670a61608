// What a feature's mutation hook needs to write through the outbox: the signed-in user's queuedWrite, and the
// hook-level answer to its result (say "saved on this phone" for a queued write, else refresh as before).
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api-client';
import { useUser } from '../session';
import { toast } from '../toast-store';
import type { OutboxDraft } from './outbox-item';
import { isQueued, type QueuedWrite, queuedWrite } from './queued-write';

export type OutboxWrite = Omit<OutboxDraft, 'userId'>;

export function useOutboxWrite() {
  const { t } = useTranslation();
  const userId = useUser().data?.id;
  /** Keeps the write in the signed-in user's outbox; signed out there is no outbox to keep it in. */
  const write = <T>(draft: OutboxWrite): Promise<T | QueuedWrite> =>
    userId === undefined
      ? Promise.reject(new ApiError(401, t('errors:unauthorized')))
      : queuedWrite<T>({ ...draft, userId });
  /**
   * A hook's onSuccess (or onSettled): a queued write is announced and claims nothing (no refresh: the server has
   * not applied it yet); an answered one (or an error, for onSettled) runs `answered`.
   */
  const settle =
    <T>(answered: (result: T) => unknown) =>
    (result: T | QueuedWrite): unknown => {
      if (isQueued(result)) {
        toast({ title: t('common:queued.title'), description: t('common:queued.description') });
        return undefined;
      }
      return answered(result);
    };
  return { write, settle };
}
