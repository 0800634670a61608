// One group as a search or "My groups" lists it: its name (opening its page), kind, region, crops, member count,
// the caller's role in it, and what they can do about joining.
import { MapPin, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TGroup } from '../../../../contract/groups';
import { Badge } from '../../../components/ui/badge';
import { formatNumber } from '../../../lib/format';
import { MembershipActions } from './membership-actions';

export function GroupCard({ group }: { group: TGroup }) {
  const { t, i18n } = useTranslation('groups');
  return (
    <li
      data-testid="group-card"
      className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Link
          href={`/groups/${group.id}`}
          // A box of its own (not a word in a sentence): a whole touch target on a phone.
          className="inline-flex min-h-11 min-w-0 items-center font-semibold text-brand-800 hover:underline"
        >
          {group.name}
        </Link>
        <Badge variant={group.kind === 'cooperative' ? 'default' : 'secondary'}>
          {t(`kind.${group.kind}`)}
        </Badge>
        {group.me?.status === 'active' ? <Badge variant="outline">{t(`role.${group.me.role}`)}</Badge> : null}
      </div>
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-stone-700">
        {group.region ? (
          <span className="inline-flex items-center gap-1">
            <MapPin aria-hidden className="h-4 w-4" />
            {group.region}
          </span>
        ) : null}
        <span className="inline-flex items-center gap-1">
          <Users aria-hidden className="h-4 w-4" />
          {t('card.members', {
            count: group.memberCount,
            shown: formatNumber(group.memberCount, i18n.language),
          })}
        </span>
      </p>
      {group.crops.length > 0 ? (
        <p className="text-sm text-stone-700">{t('card.crops', { crops: group.crops.join(', ') })}</p>
      ) : null}
      <div className="flex justify-end">
        <MembershipActions group={group} />
      </div>
    </li>
  );
}
