// One directory entry: avatar initial, name, id, role, contact when visible, enrolment date, and actions.
import { Mail, Phone, Star, UserCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '../../../../contract/constants';
import type { TDirectoryUser } from '../../../../contract/users';
import { AgreementRecord } from '../../../components/agreements/agreement-record';
import { ProposeAgreementLink } from '../../../components/agreements/propose-link';
import { UserRatings } from '../../../components/ratings/user-ratings';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Select } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatPhone } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast, toastError } from '../../../lib/toast-store';
import { useConnect } from '../api/connect';
import { useSetRole } from '../api/set-role';
import type { ConnectionState } from '../connection-state';
import { RoleBadge } from './role-badge';

interface Props {
  user: TDirectoryUser;
  isMe: boolean;
  canSetRole: boolean;
  /** The viewer's connection with this user: null for none, 'loading' while not known yet. */
  connection: ConnectionState | 'loading' | null;
}

export function UserCard({ user, isMe, canSetRole, connection }: Props) {
  const { t, i18n } = useTranslation('users');
  const phone = user.phoneNumber ? formatPhone(user.phoneNumber, user.countryCode ?? null) : null;
  return (
    <Card className="h-full">
      <CardContent className="flex h-full flex-col gap-3 pt-4">
        <div className="flex items-center gap-3">
          <span
            aria-hidden
            className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-800 text-lg font-semibold text-white uppercase"
          >
            {user.username.charAt(0)}
          </span>
          <div className="min-w-0 flex-1">
            <h2 className="truncate font-semibold text-stone-900">
              {user.username}
              {isMe ? <span className="ml-2 text-xs font-normal text-stone-600">({t('you')})</span> : null}
            </h2>
            <p className="text-xs text-stone-600">{t('userId', { id: user.id })}</p>
          </div>
          <RoleBadge role={user.role} />
        </div>
        {user.email || phone ? (
          <ul className="flex flex-col gap-1 text-sm text-stone-700">
            {user.email ? (
              <li className="flex items-center gap-2 break-all">
                <Mail aria-hidden className="h-4 w-4 shrink-0 text-stone-500" />
                <span className="sr-only">{t('email')}: </span>
                {user.email}
              </li>
            ) : null}
            {phone ? (
              <li className="flex items-center gap-2">
                <Phone aria-hidden className="h-4 w-4 shrink-0 text-stone-500" />
                <span className="sr-only">{t('phone')}: </span>
                {phone}
              </li>
            ) : null}
          </ul>
        ) : null}
        <p className="text-xs text-stone-600">
          {t('enrolled', { date: formatDate(user.createdAt, i18n.language, 'PP') })}
        </p>
        {canSetRole || !isMe ? (
          <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-stone-100 pt-3">
            {canSetRole ? <RoleSelect user={user} /> : null}
            <RatingsButton user={user} />
            {user.role === 'farmer' && !isMe ? <ProposeAgreementLink seller={user} /> : null}
            {isMe || connection === 'loading' ? null : connection === null ? (
              <ConnectButton user={user} />
            ) : (
              <span
                className="inline-flex items-center gap-1 text-sm text-stone-700"
                data-testid="connection-state"
              >
                <UserCheck aria-hidden className="h-4 w-4 text-stone-500" />
                {t(`connection.${connection}`)}
              </span>
            )}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function RoleSelect({ user }: { user: TDirectoryUser }) {
  const { t } = useTranslation('users');
  const setRole = useSetRole();
  const id = `role-${user.id}`;
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="sr-only">
        {t('changeRole', { username: user.username })}
      </label>
      <Select
        id={id}
        className="h-8"
        value={user.role}
        disabled={setRole.isPending}
        onChange={(event) => {
          const role = event.target.value as Role;
          mutateThen(
            setRole,
            { id: user.id, role },
            {
              onSuccess: () =>
                toast({
                  title: t('roleChanged'),
                  description: t('roleChangedDetail', {
                    username: user.username,
                    role: t(`common:roles.${role}`),
                  }),
                }),
              onError: (error) => toastError(t('roleChangeFailed'), error),
            },
          );
        }}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`common:roles.${role}`)}
          </option>
        ))}
      </Select>
    </div>
  );
}

function ConnectButton({ user }: { user: TDirectoryUser }) {
  const { t } = useTranslation('users');
  const connect = useConnect();
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={t('connectLabel', { username: user.username })}
      disabled={connect.isPending}
      onClick={() =>
        mutateThen(connect, user, {
          onSuccess: (result) =>
            isQueued(result)
              ? undefined
              : toast({
                  title: t('connectSent'),
                  description: t('connectSentDetail', { username: user.username }),
                }),
          onError: (error) =>
            error instanceof ApiError && error.status === 409
              ? toast({
                  title: t('alreadyConnected'),
                  description: t('alreadyConnectedDetail', { username: user.username }),
                })
              : toastError(t('connectFailed'), error),
        })
      }
    >
      <UserPlus aria-hidden className="h-4 w-4" />
      {t('connect')}
    </Button>
  );
}

/** Opens the member's ratings and order record (a manager may hide an abusive note there). */
function RatingsButton({ user }: { user: TDirectoryUser }) {
  const { t } = useTranslation('ratings');
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary" size="sm" aria-label={t('ofUser', { username: user.username })}>
          <Star aria-hidden className="h-4 w-4" />
          {t('order.viewProfile')}
        </Button>
      }
      title={t('ofUser', { username: user.username })}
    >
      <div className="flex flex-col gap-3">
        <AgreementRecord userId={user.id} />
        <UserRatings userId={user.id} enabled={open} />
      </div>
    </Dialog>
  );
}
