// /groups/:id: a group's page with the tabs the app adds to it.
import { useParams } from 'wouter';
import { GroupPage } from '../features/groups/components/group-page';
import { GROUP_EXTRA_TABS } from './group-extra-tabs';

export function GroupScreen() {
  const id = Number(useParams<{ id: string }>().id);
  return (
    <GroupPage key={id} groupId={Number.isSafeInteger(id) && id > 0 ? id : 0} extraTabs={GROUP_EXTRA_TABS} />
  );
}
