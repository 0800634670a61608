// The caller's groups as "My groups" shows them: those they are in, those they were invited to (to answer) and those
// they asked to join (waiting for an admin), each by name in the reader's language.
import type { TGroup } from '../../../contract/groups';

export interface MyGroups {
  active: TGroup[];
  invited: TGroup[];
  requested: TGroup[];
}

/** Splits the caller's groups by their place in each; a group they have no place in (a stale page) is left out. */
export function sortMyGroups(groups: readonly TGroup[], language: string): MyGroups {
  const out: MyGroups = { active: [], invited: [], requested: [] };
  const seen = new Set<number>();
  for (const group of groups) {
    // Pages may overlap when a group is joined between two of them: each group once.
    if (group.me === null || seen.has(group.id)) {
      continue;
    }
    seen.add(group.id);
    out[group.me.status].push(group);
  }
  const byName = (a: TGroup, b: TGroup) => a.name.localeCompare(b.name, language, { sensitivity: 'base' });
  out.active.sort(byName);
  out.invited.sort(byName);
  out.requested.sort(byName);
  return out;
}

/** What the caller may do about a group found: join at once, ask to join, nothing (already in it or waiting). */
export type JoinAction = 'join' | 'ask' | 'none';

/**
 * A public discussion group takes whoever joins at once; any other group has an admin decide. Someone already in it,
 * invited or waiting has nothing to ask.
 */
export function joinAction(group: TGroup): JoinAction {
  if (group.me !== null) {
    return 'none';
  }
  return group.kind === 'discussion' && group.visibility === 'public' ? 'join' : 'ask';
}
