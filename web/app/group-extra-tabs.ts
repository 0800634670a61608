// The tabs the app adds to a group's page after its own (feed, members, settings): a co-operative's operations.
// They live here, in the app shell, because web features never import each other: a tab names its content from
// its own feature and its label by a key with that feature's namespace ('coop:tabs.intakes').
import { coopTabs } from '../features/coop/coop-tabs';
import type { GroupTab } from '../features/groups/group-tabs';

export const GROUP_EXTRA_TABS: readonly GroupTab[] = [...coopTabs];
