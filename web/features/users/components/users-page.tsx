// The users directory (SPEC §2): 'Enrolled Users' with the count, a card per user, search and role filter.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '../../../../contract/constants';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Input, Select } from '../../../components/ui/input';
import { PageSpinner } from '../../../components/ui/spinner';
import { formatNumber } from '../../../lib/format';
import { connectionsQuery } from '../../../lib/queries/connections';
import { useUser } from '../../../lib/session';
import { useDebounced } from '../../../lib/use-debounced';
import { markFirstScreen } from '../../../lib/when-idle';
import { type UsersFilter, useUsers } from '../api/get-users';
import { connectionStates } from '../connection-state';
import { UserCard } from './user-card';

const SEARCH_DELAY_MS = 300;

export function UsersPage() {
  const { t, i18n } = useTranslation('users');
  const me = useUser().data ?? null;
  useEffect(markFirstScreen, []);
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const filter: UsersFilter = { search: useDebounced(search, SEARCH_DELAY_MS).trim(), role };
  const users = useUsers(filter);
  const filtered = filter.search !== '' || filter.role !== '';
  const total = users.data?.pages[0]?.total;
  const list = users.data?.pages.flatMap((p) => p.users) ?? [];
  // Whom the viewer is already connected with (or waiting on): no "Connect" for them. Unknown until loaded (or when
  // it cannot load, offline): "Connect" is offered and the server still refuses a second request.
  const connections = useQuery(connectionsQuery());
  const states = useMemo(
    () => (connections.data ? connectionStates(connections.data) : null),
    [connections.data],
  );

  return (
    <>
      <div className="mb-6 flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-stone-900 md:text-3xl">
          {t('title')}
          {total === undefined ? null : (
            <span className="ml-2 text-lg font-medium text-stone-600">
              ({formatNumber(total, i18n.language)})
            </span>
          )}
        </h1>
        <p className="text-sm text-stone-600">{t('description')}</p>
      </div>
      <div className="mb-6 grid gap-3 sm:grid-cols-[1fr_12rem]">
        <div className="flex flex-col gap-1">
          <label htmlFor="users-search" className="text-sm font-medium text-stone-800">
            {t('search')}
          </label>
          <Input
            id="users-search"
            type="search"
            value={search}
            placeholder={t('searchPlaceholder')}
            maxLength={32}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="users-role" className="text-sm font-medium text-stone-800">
            {t('roleFilter')}
          </label>
          <Select id="users-role" value={role} onChange={(event) => setRole(event.target.value as Role | '')}>
            <option value="">{t('allRoles')}</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`common:roles.${r}`)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {users.isPending ? (
        <PageSpinner />
      ) : users.isError ? (
        <Card>
          <CardContent className="pt-4">
            <p role="alert" className="text-sm text-red-700">
              {t('loadFailed')}
            </p>
          </CardContent>
        </Card>
      ) : list.length === 0 ? (
        <Card>
          <CardContent className="pt-4">
            <p className="text-sm text-stone-600">{filtered ? t('noMatch') : t('empty')}</p>
          </CardContent>
        </Card>
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {list.map((user) => (
              <li key={user.id}>
                <UserCard
                  user={user}
                  isMe={user.id === me?.id}
                  canSetRole={me?.role === 'manager'}
                  connection={connections.isPending ? 'loading' : (states?.get(user.id) ?? null)}
                />
              </li>
            ))}
          </ul>
          {users.hasNextPage ? (
            <div className="mt-6 flex justify-center">
              <Button
                variant="secondary"
                disabled={users.isFetchingNextPage}
                onClick={() => void users.fetchNextPage()}
              >
                {t('loadMore')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </>
  );
}
