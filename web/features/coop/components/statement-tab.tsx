// My statement (every member): what I delivered (per crop and grade), what I still await a settlement for, the input
// credit I owe, and each settlement's share with its deductions and how it was paid.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TGroup, TMemberStatement } from '../../../../contract/groups';
import { ItemList, ItemRow } from '../../../components/item-list';
import { QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { statementQuery } from '../../../lib/queries/coop';
import { useCoopFormat } from '../format';
import { payoutTone } from '../shares';
import { Figure } from './figure';
import { COOP_FORM_NAMESPACES } from './namespaces';

export function StatementTab({ group }: { group: TGroup }) {
  const { t } = useTranslation(COOP_FORM_NAMESPACES);
  const statement = useQuery(statementQuery(group.id));
  return (
    <QueryState query={statement} error={t('statement.loadError')}>
      {(data) => <Statement statement={data} />}
    </QueryState>
  );
}

function Statement({ statement }: { statement: TMemberStatement }) {
  const { t } = useTranslation(COOP_FORM_NAMESPACES);
  const format = useCoopFormat();
  const tons = (value: number) => t('tons', { value: format.tons(value) });
  return (
    <div className="flex flex-col gap-4" data-testid="member-statement">
      <Card>
        <CardHeader>
          <CardTitle>{t('statement.title')}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 text-sm">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
            <Figure label={t('statement.awaiting')} value={tons(statement.awaitingSettlement)} />
            <Figure label={t('statement.creditGiven')} value={format.money(statement.credit.given)} />
            <Figure label={t('statement.creditRepaid')} value={format.money(statement.credit.repaid)} />
            <Figure label={t('statement.creditOwed')} value={format.money(statement.credit.owed)} />
          </dl>
          <div>
            <h3 className="font-medium text-stone-900">{t('statement.delivered')}</h3>
            {statement.delivered.length === 0 ? (
              <p className="text-stone-600">{t('statement.nothingDelivered')}</p>
            ) : (
              <ul className="divide-y divide-stone-100">
                {statement.delivered.map((d) => (
                  <li key={`${d.crop}-${d.grade}`} className="flex justify-between gap-3 py-1.5">
                    <span>
                      {d.crop} · {t('grade', { grade: d.grade })}
                    </span>
                    <span className="tabular-nums">{t('intakes.kg', { kg: format.kg(d.quantity) })}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('statement.shares')}</CardTitle>
        </CardHeader>
        <CardContent>
          <ItemList count={statement.shares.length} empty={t('statement.noShares')}>
            {statement.shares.map((share) => (
              <ItemRow
                key={share.settlementId}
                testId="statement-share"
                title={t('statement.share', {
                  number: share.settlementId,
                  date: format.day(share.date),
                  net: format.money(share.net),
                })}
                badges={
                  <Badge variant={payoutTone(share.payout.status)}>
                    {t(`payout.${share.payout.status}`)}
                  </Badge>
                }
              >
                <p className="text-stone-700">
                  {t('statement.deductions', {
                    gross: format.money(share.gross),
                    levy: format.money(share.levy),
                    credit: format.money(share.credit),
                    transport: format.money(share.transport),
                  })}
                </p>
                {share.payout.reference ? (
                  <p className="text-stone-600">
                    {t('statement.reference', { ref: share.payout.reference })}
                  </p>
                ) : null}
              </ItemRow>
            ))}
          </ItemList>
        </CardContent>
      </Card>
    </div>
  );
}
