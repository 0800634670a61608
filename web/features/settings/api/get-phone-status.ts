// GET /api/user/phone: the proven number, a code on its way, and the state of the SMS and WhatsApp channels.
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { TPhoneStatus } from '../../../../contract/notifications';
import { phoneStatusQuery } from '../../../lib/queries/phone-status';
import { queryRoots } from '../../../lib/query-keys';

export const usePhoneStatus = () => useQuery(phoneStatusQuery());

/**
 * After a change to the phone: its answer shown at once, or (a refusal: a wrong code still costs a try) the phone
 * refetched; and the preferences, whose defaults follow the channel the number was proven by.
 */
export function phoneChanged(queryClient: QueryClient, status?: TPhoneStatus): Promise<unknown> {
  if (status) {
    queryClient.setQueryData(phoneStatusQuery().queryKey, status);
  }
  const stale = status
    ? [queryRoots.notificationPreferences]
    : [queryRoots.phone, queryRoots.notificationPreferences];
  return Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * What the screen says when a change ends. Given to the hook (not to `mutate`) where the change unmounts the form
 * that asked for it (a proven code closes the code form): `mutate`'s own callbacks do not run after an unmount.
 */
export interface PhoneFeedback {
  onSuccess?: (status: TPhoneStatus | undefined) => void;
  onError?: (error: Error) => void;
}
