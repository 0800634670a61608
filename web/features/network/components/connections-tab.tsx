// Connections: 'Network Members' (who asked me: accept or decline while pending) and 'Connected With' (whom I asked).
import { useQuery } from '@tanstack/react-query';
import { Check, UserPlus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TAuthor, TConnection } from '../../../../contract/network';
import { BlockSpinner, ERROR_BOX, QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { connectionsQuery } from '../../../lib/queries/connections';
import { toast, toastError } from '../../../lib/toast-store';
import { type ConnectionChange, useUpdateConnection } from '../api/update-connection';

const STATUS_VARIANT = { accepted: 'default', pending: 'secondary', declined: 'outline' } as const;
const DONE = {
  accepted: 'toasts.connectionAccepted',
  declined: 'toasts.connectionDeclined',
  remove: 'toasts.connectionRemoved',
};

function ConnectionRow({
  connection,
  other,
  incoming,
}: {
  connection: TConnection;
  other: TAuthor;
  incoming: boolean;
}) {
  const { t, i18n } = useTranslation('network');
  const update = useUpdateConnection();
  const change = (action: ConnectionChange['action']) =>
    mutateThen(
      update,
      { id: connection.id, action },
      {
        onSuccess: (result) => (isQueued(result) ? undefined : toast({ title: t(DONE[action]) })),
        onError: (error) => toastError(t('toasts.connectionFailed'), error),
      },
    );
  const answerable = incoming && connection.status === 'pending';
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      <span
        aria-hidden
        className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-900 uppercase"
      >
        {other.username.slice(0, 1)}
      </span>
      <div className="min-w-0 flex-1 basis-36">
        <p className="truncate font-medium text-stone-900">{other.username}</p>
        <p className="text-xs text-stone-600">
          {t('connections.since', { date: formatDate(connection.createdAt, i18n.language, 'PP') })}
        </p>
      </div>
      <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
        <Badge variant={STATUS_VARIANT[connection.status]}>
          {t(`connections.status.${connection.status}`)}
        </Badge>
        {answerable ? (
          <>
            <Button
              size="sm"
              disabled={update.isPending}
              aria-label={t('connections.acceptFrom', { username: other.username })}
              onClick={() => change('accepted')}
            >
              <Check aria-hidden className="h-4 w-4" />
              {t('connections.accept')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={update.isPending}
              aria-label={t('connections.declineFrom', { username: other.username })}
              onClick={() => change('declined')}
            >
              <X aria-hidden className="h-4 w-4" />
              {t('connections.decline')}
            </Button>
          </>
        ) : (
          <Button
            size="sm"
            variant="ghost"
            disabled={update.isPending}
            aria-label={t('connections.removeWith', { username: other.username })}
            onClick={() => change('remove')}
          >
            {t('connections.remove')}
          </Button>
        )}
      </div>
    </li>
  );
}

function ConnectionCard({
  title,
  hint,
  empty,
  items,
  incoming,
}: {
  title: string;
  hint: string;
  empty: string;
  items: TConnection[];
  incoming: boolean;
}) {
  const { t } = useTranslation('network');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{hint}</CardDescription>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <div className="flex flex-col items-start gap-3 py-2">
            <p className="text-sm text-stone-600">{empty}</p>
            <Link
              href="/users"
              className="inline-flex items-center gap-2 text-sm font-medium text-brand-800 hover:underline"
            >
              <UserPlus aria-hidden className="h-4 w-4" />
              {t('connections.findMembers')}
            </Link>
          </div>
        ) : (
          <ul className="divide-y divide-stone-200">
            {items.map((c) => (
              <ConnectionRow
                key={c.id}
                connection={c}
                other={incoming ? c.follower : c.following}
                incoming={incoming}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function ConnectionsTab() {
  const { t } = useTranslation('network');
  const connections = useQuery(connectionsQuery());
  if (!connections.isSuccess) {
    return (
      <QueryState
        query={connections}
        pending={<BlockSpinner className="py-8" />}
        error={(message) => t('connections.loadError', { message })}
        errorClassName={ERROR_BOX}
      />
    );
  }
  return (
    <div className="grid items-start gap-4 md:grid-cols-2">
      <ConnectionCard
        title={t('connections.members')}
        hint={t('connections.membersHint')}
        empty={t('connections.noMembers')}
        items={connections.data.followers}
        incoming
      />
      <ConnectionCard
        title={t('connections.connectedWith')}
        hint={t('connections.connectedWithHint')}
        empty={t('connections.noConnections')}
        items={connections.data.following}
        incoming={false}
      />
    </div>
  );
}
