// What a user's or an order's ratings show while they load or when they could not load.
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ERROR_SMALL, QueryState } from '../query-state';
import { Spinner } from '../ui/spinner';

export function RatingsQueryState({ query }: { query: UseQueryResult<unknown> }) {
  const { t } = useTranslation('ratings');
  return (
    <QueryState query={query} pending={<Spinner />} error={t('loadFailed')} errorClassName={ERROR_SMALL} />
  );
}
