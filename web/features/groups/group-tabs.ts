// What a tab of a group's page is: the page draws its own (feed, members, settings) and those the app adds (a
// co-operative's operations), from one list, each shown to whom it concerns.
import type { LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import type { TGroup } from '../../../contract/groups';

export interface GroupTab {
  /** Its key, also in the page's address (`?tab=`). */
  id: string;
  /** Its name: a catalogue key with its namespace ('groups:tabs.feed'); the page loads that namespace. */
  labelKey: string;
  /** Drawn before the name when given. */
  icon?: LucideIcon;
  /** Whether this reader of this group sees the tab (a co-operative's books: its admins). */
  visible: (group: TGroup) => boolean;
  /** What the tab shows; it may load lazily (the page waits for it inside the tab). */
  Component: ComponentType<{ group: TGroup }>;
}

/** The catalogue namespaces the tabs' names are in, each once, the groups' own first. */
export function tabNamespaces(tabs: readonly GroupTab[]): string[] {
  const namespaces = ['groups'];
  for (const tab of tabs) {
    const colon = tab.labelKey.indexOf(':');
    const namespace = colon > 0 ? tab.labelKey.slice(0, colon) : 'groups';
    if (!namespaces.includes(namespace)) {
      namespaces.push(namespace);
    }
  }
  return namespaces;
}
