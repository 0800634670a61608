// The sidebar entries of the spec, in order.
import {
  GraduationCap,
  LayoutDashboard,
  type LucideIcon,
  Sprout,
  Store,
  Tractor,
  Users,
  Wallet,
} from 'lucide-react';

export interface NavItem {
  href: string;
  labelKey: string;
  icon: LucideIcon;
}

export const NAV_ITEMS: NavItem[] = [
  { href: '/', labelKey: 'nav.dashboard', icon: LayoutDashboard },
  { href: '/marketplace', labelKey: 'nav.marketplace', icon: Store },
  { href: '/farms', labelKey: 'nav.farms', icon: Tractor },
  { href: '/crops', labelKey: 'nav.crops', icon: Sprout },
  { href: '/network', labelKey: 'nav.network', icon: Users },
  { href: '/financial', labelKey: 'nav.financial', icon: Wallet },
  { href: '/education', labelKey: 'nav.education', icon: GraduationCap },
];
