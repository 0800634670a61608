// What a settings card shows while its data loads or when it could not load: the shared query state, in the
// settings' words and a card's size.
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BlockSpinner, ERROR_SMALL, QueryState } from '../../../components/query-state';

/** The spinner or the error for a query without data yet (a card draws its data itself once there is some). */
export function CardQueryState({ query }: { query: UseQueryResult<unknown> }) {
  const { t } = useTranslation('settings');
  return (
    <QueryState
      query={query}
      pending={<BlockSpinner className="py-6" />}
      error={(message) => t('loadFailed', { message })}
      errorClassName={ERROR_SMALL}
    />
  );
}
