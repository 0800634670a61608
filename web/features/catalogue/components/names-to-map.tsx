// Names a manager has to place in the catalogue: the users' "add this commodity" requests and the names typed on
// listings, requests and trades that no kind matches. Each becomes another name of a kind or a new kind.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TKindRequest, TUnmatchedMarket } from '../../../../contract/commodity-kinds';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Select } from '../../../components/ui/input';
import { PageSpinner } from '../../../components/ui/spinner';
import { queryErrorText } from '../../../lib/api-client';
import { formatDay, formatNumber } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { useCommodityKinds } from '../../../lib/queries/commodity-kinds';
import { toast, toastError } from '../../../lib/toast-store';
import { useCloseKindRequest, useUpdateKind } from '../api/catalogue-mutations';
import { useKindRequests, useUnmatchedNames } from '../api/catalogue-queries';

type OnCreate = (name: string, requestId?: number) => void;

export function KindRequests({ onCreate }: { onCreate: OnCreate }) {
  const { t, i18n } = useTranslation('catalogue');
  const requests = useKindRequests(true);
  const close = useCloseKindRequest();
  const decline = (request: TKindRequest) =>
    mutateThen(close, request.id, {
      onSuccess: () =>
        toast({ title: t('common:success'), description: t('requests.closed', { name: request.name }) }),
      onError: (error) => toastError(t('common:error'), error),
    });
  return (
    <Section
      title={t('requests.title')}
      description={t('requests.description')}
      query={requests}
      empty={t('requests.empty')}
    >
      {(requests.data ?? []).map((request) => (
        <li key={request.id} className="flex flex-col gap-2 py-3" data-testid="kind-request">
          <div className="text-sm">
            <p className="font-semibold break-words text-stone-900">{request.name}</p>
            <p className="text-stone-600">
              {t('requests.askedBy', {
                user: request.requestedByUsername,
                date: formatDay(request.createdAt, i18n.language),
              })}
            </p>
            {request.note ? <p className="break-words text-stone-700">{request.note}</p> : null}
          </div>
          <NameActions
            name={request.name}
            onCreate={() => onCreate(request.name, request.id)}
            onMapped={() => mutateThen(close, request.id, {})}
          >
            <Button type="button" variant="ghost" disabled={close.isPending} onClick={() => decline(request)}>
              {t('requests.decline')}
            </Button>
          </NameActions>
        </li>
      ))}
    </Section>
  );
}

export function UnmatchedNames({ onCreate }: { onCreate: OnCreate }) {
  const { t, i18n } = useTranslation('catalogue');
  const names = useUnmatchedNames(true);
  const lang = i18n.language;
  const uses = (market: TUnmatchedMarket) =>
    [
      t('unmatched.listings', { count: market.listings, n: formatNumber(market.listings, lang) }),
      t('unmatched.requests', { count: market.requests, n: formatNumber(market.requests, lang) }),
      t('unmatched.trades', { count: market.trades, n: formatNumber(market.trades, lang) }),
    ].join(' · ');
  return (
    <Section
      title={t('unmatched.title')}
      description={t('unmatched.description')}
      query={names}
      empty={t('unmatched.empty')}
    >
      {(names.data ?? []).map((market) => (
        <li key={market.name} className="flex flex-col gap-2 py-3" data-testid="unmatched-name">
          <div className="text-sm">
            <p className="font-semibold break-words text-stone-900">{market.name}</p>
            <p className="text-stone-600">{uses(market)}</p>
          </div>
          <NameActions name={market.name} onCreate={() => onCreate(market.name)} />
        </li>
      ))}
    </Section>
  );
}

function Section({
  title,
  description,
  query,
  empty,
  children,
}: {
  title: string;
  description: string;
  query: { isPending: boolean; isError: boolean; error: unknown; data?: readonly unknown[] | undefined };
  empty: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('catalogue');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <PageSpinner />
        ) : query.isError ? (
          <p role="alert" className="text-red-700">
            {t('loadError')} ({queryErrorText(query.error)})
          </p>
        ) : query.data?.length === 0 ? (
          <p className="text-sm text-stone-600">{empty}</p>
        ) : (
          <ul className="divide-y divide-stone-200">{children}</ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Makes a name another name of a chosen kind (its market joins the kind's), or opens a new kind from it. */
function NameActions({
  name,
  onCreate,
  onMapped,
  children,
}: {
  name: string;
  onCreate: () => void;
  onMapped?: () => void;
  children?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation('catalogue');
  const kinds = useCommodityKinds(i18n.language);
  const update = useUpdateKind();
  const [chosen, setChosen] = useState('');
  const id = useId();
  const map = () => {
    const kind = kinds.data?.find((k) => k.key === chosen);
    if (!kind) {
      return;
    }
    mutateThen(
      update,
      { key: kind.key, changes: { synonyms: [...kind.synonyms, name] } },
      {
        onSuccess: (saved) => {
          toast({ title: t('common:success'), description: t('map.done', { name, kind: saved.name }) });
          onMapped?.();
        },
        onError: (error) => toastError(t('common:error'), error),
      },
    );
  };
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end">
      <div className="flex flex-col gap-1 sm:w-56">
        <label htmlFor={id} className="text-sm text-stone-700">
          {t('map.label', { name })}
        </label>
        <Select id={id} value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="">{t('map.choose')}</option>
          {(kinds.data ?? []).map((kind) => (
            <option key={kind.key} value={kind.key}>
              {kind.name}
            </option>
          ))}
        </Select>
      </div>
      <Button type="button" variant="secondary" disabled={chosen === '' || update.isPending} onClick={map}>
        {t('map.submit')}
      </Button>
      <Button type="button" variant="secondary" onClick={onCreate}>
        {t('map.create')}
      </Button>
      {children}
    </div>
  );
}
