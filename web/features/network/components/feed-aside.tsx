// Quick Actions (Start Discussion focuses the post box, Create Event opens the events tab, Find Members opens the
// users directory) and the Network Overview, counted by the server from what the network holds.
import { CalendarPlus, MessageCirclePlus, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { OVERVIEW_DAYS } from '../../../../contract/network-constants';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatNumber } from '../../../lib/format';
import { useNetworkOverview } from '../api/get-overview';

/** The overview's figures, in the order shown. */
const OVERVIEW = ['connectedFarmers', 'activeDiscussions', 'recentEvents'] as const;

export function QuickActions({
  onStartDiscussion,
  onCreateEvent,
}: {
  onStartDiscussion: () => void;
  onCreateEvent: () => void;
}) {
  const { t } = useTranslation('network');
  const [, navigate] = useLocation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('quickActions.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 sm:grid-cols-3 lg:grid-cols-1">
        <Button variant="secondary" align="start" onClick={onStartDiscussion}>
          <MessageCirclePlus aria-hidden className="h-4 w-4" />
          {t('quickActions.startDiscussion')}
        </Button>
        <Button variant="secondary" align="start" onClick={onCreateEvent}>
          <CalendarPlus aria-hidden className="h-4 w-4" />
          {t('quickActions.createEvent')}
        </Button>
        <Button variant="secondary" align="start" onClick={() => navigate('/users')}>
          <UserPlus aria-hidden className="h-4 w-4" />
          {t('quickActions.findMembers')}
        </Button>
      </CardContent>
    </Card>
  );
}

export function NetworkOverview() {
  const { t, i18n } = useTranslation('network');
  const overview = useNetworkOverview();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('overview.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-3 gap-2 lg:grid-cols-1">
          {OVERVIEW.map((key) => (
            <div
              key={key}
              data-testid={`overview-${key}`}
              className="flex flex-col-reverse gap-0.5 lg:flex-row lg:items-baseline lg:justify-between"
            >
              <dt className="text-xs text-stone-600 lg:text-sm">{t(`overview.${key}`)}</dt>
              <dd className="text-xl font-bold text-brand-900">
                {overview.data ? formatNumber(overview.data[key], i18n.language) : '—'}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-xs text-stone-600">{t('overview.window', { days: OVERVIEW_DAYS })}</p>
      </CardContent>
    </Card>
  );
}
