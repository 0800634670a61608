// The driver's screen (/deliveries): deliveries to do first (new jobs on top), finished ones below.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { BlockSpinner, ERROR_BOX, QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { useUser } from '../../../lib/session';
import { deliveriesQuery } from '../api/get-deliveries';
import { splitDeliveries } from '../split-deliveries';
import { DeliveryCard } from './delivery-card';

function DeliverySection({
  id,
  title,
  empty,
  kind,
}: {
  id: string;
  title: string;
  empty: string;
  kind: 'open' | 'done';
}) {
  const { t } = useTranslation('orders');
  const deliveries = useInfiniteQuery(deliveriesQuery(kind));
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = deliveries;
  const split = splitDeliveries(deliveries.data?.pages.flatMap((page) => page.items) ?? []);
  // The open list is asked for open ones only; sorted here with new jobs first.
  const rows = kind === 'open' ? split.open : [...split.open, ...split.done];
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      <QueryState
        query={deliveries}
        pending={<BlockSpinner className="py-4" />}
        error={(message) => t('list.loadError', { message })}
        errorClassName={ERROR_BOX}
        isEmpty={() => rows.length === 0}
        empty={<p className="text-sm text-stone-600">{empty}</p>}
      />
      {rows.map(({ order, delivery }) => (
        <DeliveryCard key={delivery.id} order={order} delivery={delivery} />
      ))}
      {hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          disabled={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          {isFetchingNextPage ? t('list.loadingMore') : t('list.loadMore')}
        </Button>
      ) : null}
    </section>
  );
}

export function DeliveriesPage() {
  const { t } = useTranslation('orders');
  // A manager sees deliveries too, but only a driver earns fees.
  const isDriver = useUser().data?.role === 'delivery';
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <PageHeader
        title={t('driver.title')}
        description={t('driver.description')}
        actions={
          isDriver ? (
            <Link
              href="/financial"
              className="inline-flex items-center text-sm font-medium text-brand-800 underline"
            >
              {t('earnings.link')}
            </Link>
          ) : null
        }
      />
      <DeliverySection
        id="deliveries-open"
        title={t('driver.open')}
        empty={t('driver.noneOpen')}
        kind="open"
      />
      <DeliverySection
        id="deliveries-done"
        title={t('driver.finished')}
        empty={t('driver.noneDone')}
        kind="done"
      />
    </div>
  );
}
