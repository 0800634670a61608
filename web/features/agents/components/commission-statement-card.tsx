// An agent's commission statement: a period (this month to today by default) and a farmer (or all), the
// commission per farmer (with the sales it was taken from) and the total, and the same statement as a CSV in the
// reader's language.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAgentLink } from '../../../../contract/agents';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { FIGURE_CELL, FIGURE_ROW, FigureTable } from '../../../components/ui/figure-table';
import { Input, Select } from '../../../components/ui/input';
import { PageSpinner } from '../../../components/ui/spinner';
import { queryErrorText } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { commissionStatementCsvUrl, useCommissionStatement } from '../api/get-commission-statement';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const monthStart = (date: Date) => `${isoDay(date).slice(0, 8)}01`;

export function CommissionStatementCard({ links }: { links: readonly TAgentLink[] }) {
  const { t, i18n } = useTranslation('agents');
  const lang = i18n.language;
  const [from, setFrom] = useState(() => monthStart(new Date()));
  const [to, setTo] = useState(() => isoDay(new Date()));
  const [farmer, setFarmer] = useState('');
  const query = { from, to, ...(farmer === '' ? {} : { farmerId: Number(farmer) }) };
  const valid = from !== '' && to !== '' && from <= to;
  const statement = useCommissionStatement(query, valid);
  // Farmers the agent represents, or did: a past farmer's commissions stay on the statement.
  const farmers = [...new Map(links.map((l) => [l.farmer.id, l.farmer])).values()];
  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>{t('statement.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Field id="statement-from" label={t('statement.from')}>
            <Input id="statement-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          </Field>
          <Field
            id="statement-to"
            label={t('statement.to')}
            error={valid ? undefined : 'agents.validation.period'}
          >
            <Input id="statement-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          </Field>
          <Field id="statement-farmer" label={t('statement.farmer')}>
            <Select id="statement-farmer" value={farmer} onChange={(e) => setFarmer(e.target.value)}>
              <option value="">{t('statement.allFarmers')}</option>
              {farmers.map((f) => (
                <option key={f.id} value={String(f.id)}>
                  {f.username}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        {!valid ? null : statement.isPending ? (
          <PageSpinner />
        ) : statement.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t('loadError')} ({queryErrorText(statement.error)})
          </p>
        ) : (
          <>
            <FigureTable
              caption={t('statement.title')}
              columns={[
                { label: t('statement.farmer') },
                { label: t('statement.orders'), alignRight: true },
                { label: t('commissions.amount'), alignRight: true },
              ]}
              className="text-sm [&_td]:px-1.5 [&_th]:px-1.5"
              headClassName="text-stone-700"
              scrollClassName="mb-4"
            >
              {statement.data.farmers.map((row) => (
                <tr key={row.farmer.id} className={FIGURE_ROW} data-testid="statement-farmer">
                  <td>
                    {row.farmer.username}
                    <span className="block text-xs text-stone-600" data-testid="statement-sales">
                      {t('statement.salesOf', { amount: formatMoney(row.sales, lang) })}
                    </span>
                  </td>
                  <td className="text-right tabular-nums">{row.orders}</td>
                  <td className={FIGURE_CELL}>{formatMoney(row.commission, lang)}</td>
                </tr>
              ))}
              <tr className="font-semibold" data-testid="statement-total">
                <th scope="row">
                  {t('statement.total')}
                  <span className="block text-xs font-normal text-stone-600">
                    {t('statement.salesOf', { amount: formatMoney(statement.data.total.sales, lang) })}
                  </span>
                </th>
                <td className="text-right tabular-nums">{statement.data.total.orders}</td>
                <td className={FIGURE_CELL}>{formatMoney(statement.data.total.commission, lang)}</td>
              </tr>
            </FigureTable>
            <Button asChild variant="secondary" size="sm">
              <a href={commissionStatementCsvUrl(query)} download>
                {t('statement.csv.download')}
              </a>
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
