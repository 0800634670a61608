// One figure on the dashboard: a title, the value and a detail line.
import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';

export interface Stat {
  title: string;
  value: string;
  detail: string;
  icon: LucideIcon;
}

export function StatCard({ stat }: { stat: Stat }) {
  const Icon = stat.icon;
  return (
    <Card>
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
}
