// TanStack Query with the spec's defaults: no retry, no refetch on focus, never stale unless a query says so.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Screens show a failure in the reader's words (queryErrorText); the raw one is kept here for whoever debugs.
    queryCache: new QueryCache({
      onError: (error, query) => console.warn('query failed', query.queryKey, error),
    }),
    // A write's toast shows failureText; the error itself (and its cause, the browser's words) is kept here.
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) =>
        console.warn('write failed', mutation.options.mutationKey ?? '', error, error.cause ?? ''),
    }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        // The service worker answers from its cache when offline, so queries may still run.
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false, networkMode: 'offlineFirst' },
    },
  });
}
