// A group's Members tab: the members with their roles; for its admins also the requests to join (accept or
// decline), the invitations still unanswered (withdraw), "Invite someone", each member's role and "Remove"; for
// every member "Leave the group" (the last admin cannot: the server says so).
import { useQuery } from '@tanstack/react-query';
import { Check, LogOut, X } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TGroup, TMember } from '../../../../contract/groups';
import { ActionDialog } from '../../../components/entity-dialog';
import { BlockSpinner, ERROR_BOX, QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Select } from '../../../components/ui/input';
import { formatDate } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import {
  groupMembersQuery,
  useDecideMember,
  useRemoveMember,
  useSetMemberRole,
} from '../../../lib/queries/groups';
import { useUser } from '../../../lib/session';
import { toast, toastError } from '../../../lib/toast-store';
import { rolesOf, splitMembers } from '../members';
import { InviteForm } from './invite-form';

const done = (title: string) => (result: unknown) => (isQueued(result) ? undefined : toast({ title }));

export function GroupMembers({ group }: { group: TGroup }) {
  const { t, i18n } = useTranslation('groups');
  const members = useQuery(groupMembersQuery(group.id));
  const lists = useMemo(() => splitMembers(members.data ?? [], i18n.language), [members.data, i18n.language]);
  if (!members.isSuccess) {
    return (
      <QueryState
        query={members}
        pending={<BlockSpinner className="py-8" />}
        error={(message) => t('members.loadError', { message })}
        errorClassName={ERROR_BOX}
      />
    );
  }
  const taken = new Set(members.data.map((member) => member.user.id));
  const manage = group.can.manage;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap justify-end gap-2">
        {manage ? (
          <ActionDialog label={t('invite.open')} variant="primary" title={t('invite.title')}>
            {(close) => <InviteForm group={group} taken={taken} onDone={close} />}
          </ActionDialog>
        ) : null}
        {group.me?.status === 'active' ? <LeaveButton group={group} /> : null}
      </div>
      {manage && lists.requested.length > 0 ? (
        <MemberCard title={t('members.requests', { count: lists.requested.length })}>
          {lists.requested.map((member) => (
            <RequestRow key={member.user.id} group={group} member={member} />
          ))}
        </MemberCard>
      ) : null}
      <MemberCard title={t('members.active', { count: lists.active.length })}>
        {lists.active.map((member) => (
          <MemberRow key={member.user.id} group={group} member={member} />
        ))}
      </MemberCard>
      {manage && lists.invited.length > 0 ? (
        <MemberCard title={t('members.invited', { count: lists.invited.length })}>
          {lists.invited.map((member) => (
            <InvitedRow key={member.user.id} group={group} member={member} />
          ))}
        </MemberCard>
      ) : null}
    </div>
  );
}

function MemberCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-stone-200">{children}</ul>
      </CardContent>
    </Card>
  );
}

/** Who a row is: their initial, name and (in a co-operative, for its admins) whether payouts can reach them. */
function Who({ member, note }: { member: TMember; note: string }) {
  const { t } = useTranslation('groups');
  return (
    <>
      <span
        aria-hidden
        className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-900 uppercase"
      >
        {member.user.username.slice(0, 1)}
      </span>
      <div className="min-w-0 flex-1 basis-36">
        <p className="truncate font-medium text-stone-900">
          {member.user.username}
          {member.name ? <span className="font-normal text-stone-600"> · {member.name}</span> : null}
        </p>
        <p className="text-xs text-stone-600">
          {note}
          {member.provenNumber === false ? ` · ${t('members.noProvenNumber')}` : null}
        </p>
      </div>
    </>
  );
}

function MemberRow({ group, member }: { group: TGroup; member: TMember }) {
  const { t, i18n } = useTranslation('groups');
  const self = useUser().data?.id === member.user.id;
  const setRole = useSetMemberRole(group);
  const since = t('members.since', { date: formatDate(member.joinedAt, i18n.language, 'PP') });
  const editable = group.can.manage && !self;
  return (
    <li data-testid="member-row" className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      <Who member={member} note={self ? `${t('members.you')} · ${since}` : since} />
      <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
        {editable ? (
          <Select
            aria-label={t('members.roleOf', { user: member.user.username })}
            value={member.role}
            disabled={setRole.isPending}
            className="w-auto"
            onChange={(event) => {
              const role = rolesOf(group.kind).find((r) => r === event.target.value);
              if (role) {
                mutateThen(
                  setRole,
                  { userId: member.user.id, username: member.user.username, role },
                  {
                    onSuccess: done(
                      t('members.roleSet', { user: member.user.username, role: t(`role.${role}`) }),
                    ),
                    onError: (error) => toastError(t('members.failed'), error),
                  },
                );
              }
            }}
          >
            {rolesOf(group.kind).map((role) => (
              <option key={role} value={role}>
                {t(`role.${role}`)}
              </option>
            ))}
          </Select>
        ) : (
          <Badge variant={member.role === 'admin' ? 'default' : 'secondary'}>
            {t(`role.${member.role}`)}
          </Badge>
        )}
        {editable ? <RemoveButton group={group} member={member} /> : null}
      </div>
    </li>
  );
}

function RequestRow({ group, member }: { group: TGroup; member: TMember }) {
  const { t, i18n } = useTranslation('groups');
  const decide = useDecideMember(group);
  const user = member.user.username;
  const answer = (accept: boolean) =>
    mutateThen(
      decide,
      { userId: member.user.id, accept },
      {
        onSuccess: done(t(accept ? 'members.admitted' : 'members.turnedDown', { user })),
        onError: (error) => toastError(t('members.failed'), error),
      },
    );
  return (
    <li data-testid="request-row" className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      <Who
        member={member}
        note={t('members.askedOn', { date: formatDate(member.joinedAt, i18n.language, 'PP') })}
      />
      <div className="ml-auto flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={decide.isPending}
          aria-label={t('members.acceptFrom', { user })}
          onClick={() => answer(true)}
        >
          <Check aria-hidden className="h-4 w-4" />
          {t('membership.accept')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={decide.isPending}
          aria-label={t('members.declineFrom', { user })}
          onClick={() => answer(false)}
        >
          <X aria-hidden className="h-4 w-4" />
          {t('membership.decline')}
        </Button>
      </div>
    </li>
  );
}

function InvitedRow({ group, member }: { group: TGroup; member: TMember }) {
  const { t, i18n } = useTranslation('groups');
  return (
    <li data-testid="invited-row" className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      <Who
        member={member}
        note={t('members.invitedOn', {
          date: formatDate(member.joinedAt, i18n.language, 'PP'),
          role: t(`role.${member.role}`),
        })}
      />
      <div className="ml-auto">
        <RemoveButton group={group} member={member} />
      </div>
    </li>
  );
}

/** Removes a member, or withdraws an invitation (the same deletion), after a question. */
function RemoveButton({ group, member }: { group: TGroup; member: TMember }) {
  const { t } = useTranslation('groups');
  const [open, setOpen] = useState(false);
  const remove = useRemoveMember(group);
  const user = member.user.username;
  const invitation = member.status === 'invited';
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        aria-label={t(invitation ? 'members.withdrawFor' : 'members.removeNamed', { user })}
        onClick={() => setOpen(true)}
      >
        {t(invitation ? 'members.withdraw' : 'members.remove')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t(invitation ? 'members.withdrawTitle' : 'members.removeTitle', { user })}
        description={t(invitation ? 'members.withdrawText' : 'members.removeText', {
          user,
          name: group.name,
        })}
        confirmLabel={t(invitation ? 'members.withdraw' : 'members.remove')}
        cancelLabel={t('form.cancel')}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          mutateThen(
            remove,
            { userId: member.user.id, username: user, self: false },
            {
              onSuccess: done(t(invitation ? 'members.withdrawn' : 'members.removed', { user })),
              onError: (error) => toastError(t('members.failed'), error),
              onSettled: () => setOpen(false),
            },
          )
        }
      />
    </>
  );
}

function LeaveButton({ group }: { group: TGroup }) {
  const { t } = useTranslation('groups');
  const [open, setOpen] = useState(false);
  const remove = useRemoveMember(group);
  const user = useUser().data;
  if (!user) {
    return null;
  }
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <LogOut aria-hidden className="h-4 w-4" />
        {t('members.leave')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('members.leaveTitle', { name: group.name })}
        description={t(group.visibility === 'members' ? 'members.leaveText' : 'members.leaveTextPublic')}
        confirmLabel={t('members.leave')}
        cancelLabel={t('form.cancel')}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          mutateThen(
            remove,
            { userId: user.id, username: user.username, self: true },
            {
              onSuccess: done(t('members.left', { name: group.name })),
              onError: (error) => toastError(t('members.leaveFailed'), error),
              onSettled: () => setOpen(false),
            },
          )
        }
      />
    </>
  );
}
