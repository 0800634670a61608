// A card leading to the screen where a role's daily work is: deliveries for drivers, orders for the others.
import { ClipboardList, Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Role } from '../../../../contract/constants';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

export function ShortcutCard({ role }: { role: Role }) {
  const { t } = useTranslation('dashboard');
  const deliveries = role === 'delivery';
  const Icon = deliveries ? Truck : ClipboardList;
  const name = deliveries ? 'deliveries' : 'orders';
  return (
    <Link
      href={`/${name}`}
      className="mb-4 block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      <Card className="hover:border-brand-700">
        <CardHeader className="flex items-center gap-3 pb-4">
          <Icon aria-hidden className="h-6 w-6 shrink-0 text-brand-800" />
          <div>
            <CardTitle>{t(`shortcuts.${name}`)}</CardTitle>
            <CardDescription>{t(`shortcuts.${name}Detail`)}</CardDescription>
          </div>
        </CardHeader>
      </Card>
    </Link>
  );
}
