// What a settings card shows while its data loads or when it could not load.
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { queryErrorText } from '../../../lib/api-client';

/** The spinner or the error for a query without data yet; null once there is data to draw. */
export function QueryState({ query }: { query: UseQueryResult<unknown> }) {
  const { t } = useTranslation('settings');
  if (query.data !== undefined) {
    return null;
  }
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('loadFailed', { message: queryErrorText(query.error) })}
      </p>
    );
  }
  return (
    <div className="flex justify-center py-6">
      <Spinner />
    </div>
  );
}
