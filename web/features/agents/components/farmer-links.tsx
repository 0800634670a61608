// A farmer's side of agent links: requests waiting for an answer (accept or decline), and the agent acting for them
// now (End).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAgentLink } from '../../../../contract/agents';
import { ItemList, ItemRow } from '../../../components/item-list';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDay } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast, toastError } from '../../../lib/toast-store';
import { useAnswerLink } from '../api/answer-link';
import { EndLinkDialog } from './end-link-dialog';

export function FarmerLinks({ links }: { links: TAgentLink[] }) {
  const { t, i18n } = useTranslation('agents');
  const answer = useAnswerLink();
  const [ending, setEnding] = useState<TAgentLink | null>(null);
  const lang = i18n.language;
  const pending = links.filter((link) => link.status === 'pending');
  const active = links.filter((link) => link.status === 'active');
  const reply = (link: TAgentLink, status: 'active' | 'declined') =>
    mutateThen(
      answer,
      { link, status },
      {
        onSuccess: (result) =>
          isQueued(result)
            ? undefined
            : toast({
                title:
                  status === 'active'
                    ? t('requests.accepted', { name: link.agent.username })
                    : t('requests.declined', { name: link.agent.username }),
              }),
        onError: (error) => toastError(t('common:error'), error),
      },
    );
  return (
    <>
      <Card className="mb-6">
        <CardHeader>
          <CardTitle>{t('current.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <ItemList count={active.length} empty={t('current.none')}>
            {active.map((link) => (
              <ItemRow
                key={link.id}
                title={link.agent.username}
                actions={
                  <Button size="sm" variant="secondary" onClick={() => setEnding(link)}>
                    {t('current.end')}
                  </Button>
                }
              >
                <p className="text-stone-600">{t('current.explain')}</p>
              </ItemRow>
            ))}
          </ItemList>
        </CardContent>
      </Card>
      <Card className="mb-6">
        <CardHeader>
          <CardTitle>{t('requests.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <ItemList count={pending.length} empty={t('requests.empty')}>
            {pending.map((link) => (
              <ItemRow
                key={link.id}
                testId="agent-request"
                title={link.agent.username}
                actions={
                  <div className="flex gap-2">
                    <Button size="sm" disabled={answer.isPending} onClick={() => reply(link, 'active')}>
                      {t('requests.accept')}
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={answer.isPending}
                      onClick={() => reply(link, 'declined')}
                    >
                      {t('requests.decline')}
                    </Button>
                  </div>
                }
              >
                <p className="text-stone-600">
                  {t('requests.line', { date: formatDay(link.createdAt, lang) })}
                </p>
              </ItemRow>
            ))}
          </ItemList>
        </CardContent>
      </Card>
      <EndLinkDialog link={ending} side="farmer" onClose={() => setEnding(null)} />
    </>
  );
}
