// The sidebar entries of the spec, in order; an entry with `roles` shows only to those roles.
import {
  BookOpen,
  ClipboardList,
  FileSignature,
  Gauge,
  GraduationCap,
  Handshake,
  LayoutDashboard,
  type LucideIcon,
  Sprout,
  Store,
  Tractor,
  Truck,
  Users,
  Wallet,
  Warehouse,
} from 'lucide-react';
import type { Role } from '../../contract/constants';

export interface NavItem {
  href: string;
  labelKey: string;
  icon: LucideIcon;
  /** Who sees the entry; everyone when left out. */
  roles?: readonly Role[];
  /** Other paths whose pages belong under the entry (a group's page, opened from the network's Groups tab). */
  within?: readonly string[];
}

export const NAV_ITEMS: NavItem[] = [
  { href: '/', labelKey: 'nav.dashboard', icon: LayoutDashboard },
  { href: '/marketplace', labelKey: 'nav.marketplace', icon: Store },
  {
    href: '/orders',
    labelKey: 'nav.orders',
    icon: ClipboardList,
    roles: ['farmer', 'agent', 'buyer', 'manager'],
  },
  { href: '/deliveries', labelKey: 'nav.deliveries', icon: Truck, roles: ['delivery', 'manager'] },
  { href: '/agent', labelKey: 'nav.agent', icon: Handshake, roles: ['agent', 'farmer'] },
  { href: '/operations', labelKey: 'nav.operations', icon: Gauge, roles: ['manager'] },
  { href: '/catalogue', labelKey: 'nav.catalogue', icon: BookOpen, roles: ['manager'] },
  { href: '/farms', labelKey: 'nav.farms', icon: Tractor },
  { href: '/crops', labelKey: 'nav.crops', icon: Sprout },
  { href: '/stock', labelKey: 'nav.stock', icon: Warehouse, roles: ['farmer', 'agent', 'manager'] },
  { href: '/network', labelKey: 'nav.network', icon: Users, within: ['/groups/'] },
  {
    href: '/agreements',
    labelKey: 'nav.agreements',
    icon: FileSignature,
    roles: ['farmer', 'buyer', 'manager'],
  },
  { href: '/financial', labelKey: 'nav.financial', icon: Wallet },
  { href: '/education', labelKey: 'nav.education', icon: GraduationCap },
];

/** The entries a user of this role sees. */
export const navItemsFor = (role: Role): NavItem[] =>
  NAV_ITEMS.filter((item) => item.roles === undefined || item.roles.includes(role));

/** Whether the entry is the one the user is in at `location`: its own path and what it holds, home only at home. */
export const isCurrentItem = (item: NavItem, location: string): boolean =>
  item.href === '/'
    ? location === '/'
    : location.startsWith(item.href) || (item.within ?? []).some((path) => location.startsWith(path));
