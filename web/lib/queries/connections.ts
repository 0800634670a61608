// GET /api/connections: who asked to connect with me (followers) and whom I asked (following); the network and the
// users directory both read it.
import { queryOptions } from '@tanstack/react-query';
import type { TConnections } from '../../../contract/network';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

export const connectionsQuery = () =>
  queryOptions({
    queryKey: queryRoots.connections,
    queryFn: ({ signal }) => api.get<TConnections>('/api/connections', signal),
  });
