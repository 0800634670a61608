// An admin invites someone: search the directory by name (or type their user number), choose them and the role
// they are invited as; the person then accepts or declines.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type TGroup, ZMemberRole } from '../../../../contract/groups';
import { DialogFormButtons } from '../../../components/entity-dialog';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { INVITEES_SHOWN, inviteesQuery, useAddMember } from '../../../lib/queries/groups';
import { toast, toastError } from '../../../lib/toast-store';
import { useDebounced } from '../../../lib/use-debounced';
import { useZodForm } from '../../../lib/use-zod-form';
import { inviteesOf } from '../invitee';
import { rolesOf } from '../members';

const ZInviteForm = z.object({
  userId: z.string().regex(/^\d+$/, 'groups.validation.invitee'),
  role: ZMemberRole.shape.role,
});

/** The people a search offers, and what to say about the search (still loading, failed, too many to show). */
function useInvitees(taken: ReadonlySet<number>) {
  const { t } = useTranslation('groups');
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), 300);
  const found = useQuery({ ...inviteesQuery(query), enabled: query !== '' });
  const choices = inviteesOf(query, found.data ?? [], taken);
  const hint = found.isError
    ? t('invite.loadError')
    : (found.data?.length ?? 0) >= INVITEES_SHOWN
      ? t('invite.narrow', { count: INVITEES_SHOWN })
      : undefined;
  const prompt =
    query === ''
      ? t('invite.typeFirst')
      : found.isFetching && choices.length === 0
        ? t('invite.loading')
        : choices.length === 0
          ? t('invite.noMatch')
          : t('invite.choose');
  /** A person's name, or their number when only that is known. */
  const nameOf = (id: number) =>
    choices.find((choice) => choice.id === id)?.username ?? t('members.userNumber', { id });
  return { search, setSearch, choices, hint, prompt, nameOf };
}

export function InviteForm({
  group,
  taken,
  onDone,
}: {
  group: TGroup;
  /** Members, and those already asked or invited: not offered. */
  taken: ReadonlySet<number>;
  onDone: () => void;
}) {
  const { t } = useTranslation('groups');
  const { search, setSearch, choices, hint, prompt, nameOf } = useInvitees(taken);
  const invite = useAddMember(group);
  const form = useZodForm(ZInviteForm, { userId: '', role: 'member' }, { idPrefix: 'invite-' });
  // A new search can drop the chosen person from the list: the choice goes with it, rather than stay hidden.
  const chosen = form.values.userId;
  const stillListed = chosen === '' || choices.some((choice) => String(choice.id) === chosen);
  const { setValue } = form;
  useEffect(() => {
    if (!stillListed) {
      setValue('userId', '');
    }
  }, [stillListed, setValue]);
  const submit = ({ userId, role }: z.output<typeof ZInviteForm>) => {
    const username = nameOf(Number(userId));
    mutateThen(
      invite,
      { userId: Number(userId), role, username },
      {
        onSuccess: (result) => {
          if (!isQueued(result)) {
            toast({ title: t('invite.sent', { user: username }) });
          }
          onDone();
        },
        onError: (error) => toastError(t('invite.failed'), error),
      },
    );
  };
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={form.handleSubmit(submit)}>
      <Field id="invite-search" label={t('invite.search')} hint={t('invite.searchHint')}>
        <Input
          id="invite-search"
          type="search"
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </Field>
      <Field
        id="invite-userId"
        label={t('invite.person')}
        error={form.errors.userId}
        {...(hint ? { hint } : {})}
      >
        <Select {...form.field('userId')}>
          <option value="">{prompt}</option>
          {choices.map((choice) => (
            <option key={choice.id} value={String(choice.id)}>
              {nameOf(choice.id)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="invite-role" label={t('invite.role')} error={form.errors.role}>
        <Select {...form.field('role')}>
          {rolesOf(group.kind).map((role) => (
            <option key={role} value={role}>
              {t(`role.${role}`)}
            </option>
          ))}
        </Select>
      </Field>
      <DialogFormButtons cancel={t('form.cancel')} submit={t('invite.submit')} pending={invite.isPending} />
    </form>
  );
}
