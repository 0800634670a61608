// Listens to /api/events while signed in, refetches whatever a change touched, and congratulates on achievements.
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useEffect } from 'react';
import { ACHIEVEMENT_CODES } from '../../contract/achievements';
import type { TUser } from '../../contract/auth';
import type { TLiveEvent } from '../../contract/events';
import { EVENT_QUERY_ROOTS } from '../lib/live-events';
import { userQuery } from '../lib/session';
import { toast } from '../lib/toast-store';

/** An 'achievement' event for the signed-in user: a toast with the achievement's name in their language. */
async function congratulate(queryClient: QueryClient, event: TLiveEvent): Promise<void> {
  const me = queryClient.getQueryData<TUser | null>(userQuery().queryKey);
  const code = ACHIEVEMENT_CODES[event.id - 1];
  if (event.type !== 'achievement' || !me || event.userId !== me.id || !code) {
    return;
  }
  await i18next.loadNamespaces('achievements');
  toast({
    title: i18next.t('achievements:toastTitle'),
    description: i18next.t('achievements:toastDescription', { name: i18next.t(`achievements:${code}.name`) }),
  });
}

// The event schema (and zod with it) loads with the first event, not with the first screen.
const loadEventSchema = () => import('../../contract/events').then((m) => m.ZLiveEvent);

export function useLiveEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') {
      return;
    }
    const source = new EventSource('/api/events', { withCredentials: true });
    source.addEventListener('change', async (message) => {
      let data: unknown = null;
      try {
        data = JSON.parse((message as MessageEvent<string>).data);
      } catch {
        return;
      }
      const schema = await loadEventSchema().catch(() => null);
      const parsed = schema?.safeParse(data);
      if (!parsed?.success) {
        return;
      }
      for (const queryKey of EVENT_QUERY_ROOTS[parsed.data.type]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      void congratulate(queryClient, parsed.data);
    });
    return () => source.close();
  }, [enabled, queryClient]);
}
