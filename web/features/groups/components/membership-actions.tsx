// What the caller can do about their place in a group, wherever the group is shown: join a public discussion group,
// ask to join any other, answer an invitation, or see that their request waits for an admin.
import { Check, UserPlus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TGroup } from '../../../../contract/groups';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { useAddMember, useDecideMember } from '../../../lib/queries/groups';
import { useUser } from '../../../lib/session';
import { toast, toastError } from '../../../lib/toast-store';
import { joinAction } from '../my-groups';

export function MembershipActions({ group }: { group: TGroup }) {
  const { t } = useTranslation('groups');
  const userId = useUser().data?.id;
  const add = useAddMember(group);
  const decide = useDecideMember(group);
  const action = joinAction(group);
  const done = (title: string) => (result: unknown) => (isQueued(result) ? undefined : toast({ title }));

  if (group.me?.status === 'requested') {
    return <Badge variant="secondary">{t('membership.requested')}</Badge>;
  }
  if (group.me?.status === 'invited' && userId !== undefined) {
    const answer = (accept: boolean) =>
      mutateThen(
        decide,
        { userId, accept },
        {
          onSuccess: done(t(accept ? 'membership.accepted' : 'membership.declined', { name: group.name })),
          onError: (error) => toastError(t('membership.failed'), error),
        },
      );
    return (
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          disabled={decide.isPending}
          aria-label={t('membership.acceptInvitation', { name: group.name })}
          onClick={() => answer(true)}
        >
          <Check aria-hidden className="h-4 w-4" />
          {t('membership.accept')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={decide.isPending}
          aria-label={t('membership.declineInvitation', { name: group.name })}
          onClick={() => answer(false)}
        >
          <X aria-hidden className="h-4 w-4" />
          {t('membership.decline')}
        </Button>
      </div>
    );
  }
  if (action === 'none') {
    return null;
  }
  return (
    <Button
      size="sm"
      variant={action === 'join' ? 'primary' : 'secondary'}
      disabled={add.isPending}
      aria-label={t(action === 'join' ? 'membership.joinNamed' : 'membership.askNamed', { name: group.name })}
      onClick={() =>
        mutateThen(
          add,
          {},
          {
            onSuccess: done(
              t(action === 'join' ? 'membership.joined' : 'membership.asked', { name: group.name }),
            ),
            onError: (error) => toastError(t('membership.failed'), error),
          },
        )
      }
    >
      <UserPlus aria-hidden className="h-4 w-4" />
      {t(action === 'join' ? 'membership.join' : 'membership.ask')}
    </Button>
  );
}
