// One figure on the dashboard: a title, the value and a detail line; a link to where the figure comes from.
import type { LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';

export interface Stat {
  title: string;
  value: string;
  detail: string;
  icon: LucideIcon;
  /** The screen behind the figure, when there is one. */
  href?: string;
}

export function StatCard({ stat }: { stat: Stat }) {
  const Icon = stat.icon;
  const card = (
    <Card className={stat.href ? 'h-full hover:border-brand-700' : undefined}>
      <CardHeader className="flex items-center justify-between">
        <h2 className="text-sm font-medium text-stone-700">{stat.title}</h2>
        <Icon aria-hidden className="h-4 w-4 text-brand-800" />
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold">{stat.value}</p>
        <p className="text-xs text-stone-600">{stat.detail}</p>
      </CardContent>
    </Card>
  );
  const linkClass =
    'block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
  if (!stat.href) {
    return card;
  }
  // A section of this page is a plain anchor; another screen goes through the router.
  return stat.href.startsWith('#') ? (
    <a href={stat.href} className={linkClass}>
      {card}
    </a>
  ) : (
    <Link href={stat.href} className={linkClass}>
      {card}
    </Link>
  );
}
