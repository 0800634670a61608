// Who may announce which events, as the server decides it (API36, POST /api/calendar): managers and agents any public
// kind, buyers a buyer's visit, a group's admins any kind for their group (a collection day or a meeting only for a
// group). The form offers only what would be accepted; the server still decides.
import { CALENDAR_KINDS, type CalendarKind, GROUP_ONLY_KINDS } from '../../../contract/calendar';
import type { Role } from '../../../contract/constants';
import type { TGroup } from '../../../contract/groups';

const isGroupOnly = (kind: CalendarKind) => (GROUP_ONLY_KINDS as readonly CalendarKind[]).includes(kind);

/** The kinds this role may announce to everyone (no group). */
export function publicKinds(role: Role): CalendarKind[] {
  if (role === 'manager' || role === 'agent') {
    return CALENDAR_KINDS.filter((kind) => !isGroupOnly(kind));
  }
  return role === 'buyer' ? ['buyer_visit'] : [];
}

/** The kinds offered: every kind for a group the reader runs, else the public ones of their role. */
export const kindsFor = (role: Role, forGroup: boolean): CalendarKind[] =>
  forGroup ? [...CALENDAR_KINDS] : publicKinds(role);

/** The groups the reader may announce for: those they are an active admin of. */
export const adminGroups = (groups: readonly TGroup[]): TGroup[] =>
  groups.filter((group) => group.me?.role === 'admin' && group.me.status === 'active');

/** Whether the reader may announce anything at all (the tab shows the button only then). */
export const mayAnnounce = (role: Role, groupsRun: number): boolean =>
  publicKinds(role).length > 0 || groupsRun > 0;
