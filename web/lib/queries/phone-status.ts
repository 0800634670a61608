// GET /api/user/phone: the proven number, a code on its way, and the state of the SMS and WhatsApp channels (the
// settings screen manages it; the order screen offers the proven number to pay from).
import { queryOptions } from '@tanstack/react-query';
import type { TPhoneStatus } from '../../../contract/notifications';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

export const phoneStatusQuery = () =>
  queryOptions({
    queryKey: queryRoots.phone,
    queryFn: ({ signal }) => api.get<TPhoneStatus>('/api/user/phone', signal),
  });
