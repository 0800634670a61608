// Listens to /api/events while signed in and refetches whatever a change touched.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ZLiveEvent } from '../../contract/events';
import { EVENT_QUERY_ROOTS } from '../lib/live-events';

export function useLiveEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') {
      return;
    }
    const source = new EventSource('/api/events', { withCredentials: true });
    source.addEventListener('change', (message) => {
      let data: unknown = null;
      try {
        data = JSON.parse((message as MessageEvent<string>).data);
      } catch {
        return;
      }
      const parsed = ZLiveEvent.safeParse(data);
      if (!parsed.success) {
        return;
      }
      for (const root of EVENT_QUERY_ROOTS[parsed.data.type]) {
        void queryClient.invalidateQueries({ queryKey: [root] });
      }
    });
    return () => source.close();
  }, [enabled, queryClient]);
}
