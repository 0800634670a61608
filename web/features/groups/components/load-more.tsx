// "More" under a list loaded page by page: shown while there is a next page, waiting while it loads.
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

interface Paged {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

export function LoadMore({ query }: { query: Paged }) {
  const { t } = useTranslation('groups');
  if (!query.hasNextPage) {
    return null;
  }
  return (
    <Button
      variant="secondary"
      className="self-center"
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {query.isFetchingNextPage ? t('list.loadingMore') : t('list.loadMore')}
    </Button>
  );
}
