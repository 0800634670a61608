// GET /api/deliveries/earnings: the driver's fees of delivered jobs by week and by month (refreshed with the orders).
import { queryOptions } from '@tanstack/react-query';
import type { TDriverEarnings } from '../../../../contract/delivery-terms';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const earningsQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.orders, 'earnings'],
    queryFn: ({ signal }) => api.get<TDriverEarnings>('/api/deliveries/earnings', signal),
  });
