// Per-call callbacks that run even when the component that asked is gone by the answer. TanStack runs the
// callbacks given to `mutate` only while its component is mounted; a write through the outbox answers a moment
// later than a bare request, often after a live event or a refetch has closed the dialog it came from, and the
// user would never hear that it worked (or why it did not). The error it hands on reads in the reader's language.
import { readableError } from './api-client';

interface Callbacks<TData> {
  onSuccess?: (data: TData) => unknown;
  onError?: (error: Error) => unknown;
  onSettled?: () => unknown;
}

export function mutateThen<TData, TVariables>(
  mutation: { mutateAsync: (variables: TVariables) => Promise<TData> },
  variables: TVariables,
  callbacks: Callbacks<TData>,
): void {
  mutation
    .mutateAsync(variables)
    .then(callbacks.onSuccess, (error: unknown) => callbacks.onError?.(readableError(error)))
    .finally(() => callbacks.onSettled?.());
}
