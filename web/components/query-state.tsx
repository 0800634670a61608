// What a screen, a card or a list shows for a query that has nothing to draw yet: a spinner while it loads, the
// error (in the reader's language) when it failed, a line of its own when it holds nothing; else what its caller draws.
import type { UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryErrorText } from '../lib/api-client';
import { cn } from '../lib/cn';
import { PageSpinner, Spinner } from './ui/spinner';

/** A failed load's line, red, under a screen's header or in a tab. */
export const ERROR_LINE = 'text-red-700';
/** A failed load's line in a card or a dialog. */
export const ERROR_SMALL = 'text-sm text-red-700';
/** A failed load in a list's place: a red box. */
export const ERROR_BOX = 'rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800';

/** A spinner centred in a list's or a card's place (`className` sets the space around it). */
export function BlockSpinner({ className }: { className: string }) {
  return (
    <div className={cn('flex justify-center', className)}>
      <Spinner />
    </div>
  );
}

interface QueryStateProps<T> {
  query: UseQueryResult<T> | UseInfiniteQueryResult<T>;
  /** The alert's text, given the error's own; or a label, followed by the error's text in brackets. */
  error: string | ((message: string) => ReactNode);
  /** The alert's look (default `ERROR_LINE`). */
  errorClassName?: string;
  /** Drawn while it loads (default: the page spinner). */
  pending?: ReactNode;
  /** Whether the loaded data holds nothing to draw, and what to say then. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** What the data draws; without it, nothing (the caller draws the data itself once the query succeeded). */
  children?: (data: T) => ReactNode;
}

/** Used as a gate (`if (!query.isSuccess) return <QueryState …/>`) or around the data's drawing (`children`). */
export function QueryState<T>({
  query,
  error,
  errorClassName = ERROR_LINE,
  pending = <PageSpinner />,
  isEmpty,
  empty = null,
  children,
}: QueryStateProps<T>) {
  if (query.isPending) {
    return pending;
  }
  if (query.isError) {
    return (
      <p role="alert" className={errorClassName}>
        {typeof error === 'string'
          ? `${error} (${queryErrorText(query.error)})`
          : error(queryErrorText(query.error))}
      </p>
    );
  }
  if (isEmpty?.(query.data)) {
    return empty;
  }
  return children ? children(query.data) : null;
}
