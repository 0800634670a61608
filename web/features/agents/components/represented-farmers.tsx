// The agent's farmers: every link with its status, a request to represent another farmer, and End on each.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TAgentLink } from '../../../../contract/agents';
import { ItemList, ItemRow } from '../../../components/item-list';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDay } from '../../../lib/format';
import { AskFarmerDialog } from './ask-farmer-dialog';
import { EndLinkDialog } from './end-link-dialog';
import { LinkStatusBadge } from './link-status-badge';

export function RepresentedFarmers({ links }: { links: TAgentLink[] }) {
  const { t, i18n } = useTranslation('agents');
  const [ending, setEnding] = useState<TAgentLink | null>(null);
  // A declined request may be asked again; pending and active ones may not.
  const linked = useMemo(
    () => new Set(links.filter((link) => link.status !== 'declined').map((link) => link.farmer.id)),
    [links],
  );
  return (
    <Card className="mb-6">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('farmers.title')}</CardTitle>
        <AskFarmerDialog linkedFarmerIds={linked} />
      </CardHeader>
      <CardContent>
        <ItemList count={links.length} empty={t('farmers.empty')}>
          {links.map((link) => (
            <ItemRow
              key={link.id}
              testId="agent-link"
              title={link.farmer.username}
              badges={<LinkStatusBadge status={link.status} />}
              actions={
                <div className="flex flex-wrap gap-2">
                  {link.status === 'active' ? (
                    <Button asChild size="sm" variant="secondary">
                      <Link href={`/marketplace?listFor=${link.farmer.id}`}>
                        {t('farmers.listFor', { name: link.farmer.username })}
                      </Link>
                    </Button>
                  ) : null}
                  {link.status === 'declined' ? null : (
                    <Button size="sm" variant="ghost" onClick={() => setEnding(link)}>
                      {link.status === 'pending' ? t('farmers.cancelRequest') : t('farmers.end')}
                    </Button>
                  )}
                </div>
              }
            >
              <p className="text-stone-600">
                {t('farmers.since', { date: formatDay(link.createdAt, i18n.language) })}
              </p>
            </ItemRow>
          ))}
        </ItemList>
      </CardContent>
      <EndLinkDialog link={ending} side="agent" onClose={() => setEnding(null)} />
    </Card>
  );
}
