// The Futures tab: the caller's forward agreements (a farmer's as seller, a buyer's as buyer): what is contracted,
// delivered and still to deliver, the deposits held, the income expected by month of the delivery windows (at
// today's price by each agreement's rule), and the agreements themselves, each opening its page.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFutures } from '../../../../contract/forward-agreements';
import { AgreementLine } from '../../../components/agreements/agreement-line';
import { useAgreementText } from '../../../components/agreements/agreement-text';
import { QueryState } from '../../../components/query-state';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDateParts } from '../../../lib/format';
import { futuresQuery } from '../../../lib/queries/forward-agreements';
import { useUser } from '../../../lib/session';

function Totals({ futures }: { futures: TFutures }) {
  const { t } = useTranslation('agreements');
  const text = useAgreementText();
  const figures: [string, string, string][] = [
    ['contracted', t('futures.contracted'), text.quantity(futures.contracted)],
    ['delivered', t('futures.delivered'), text.quantity(futures.delivered)],
    ['toDeliver', t('futures.toDeliver'), text.quantity(futures.toDeliver)],
    ['depositsHeld', t('futures.depositsHeld'), text.money(futures.depositsHeld)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="futures-totals">
      {figures.map(([key, label, value]) => (
        <div
          key={key}
          className="rounded-lg border border-stone-200 bg-white p-3"
          data-testid={`futures-${key}`}
        >
          <dt className="text-xs text-stone-600">{label}</dt>
          <dd className="text-lg font-semibold text-stone-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Expected income by month as a small bar list (a bar's length: its share of the largest month). */
function ByMonth({ months }: { months: TFutures['byMonth'] }) {
  const { t, i18n } = useTranslation('agreements');
  const { money } = useAgreementText();
  const largest = Math.max(0, ...months.map((month) => month.expected));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('futures.byMonth')}</CardTitle>
      </CardHeader>
      <CardContent>
        {months.length === 0 ? (
          <p className="text-sm text-stone-600">{t('futures.noIncome')}</p>
        ) : (
          <ul className="flex flex-col gap-2" data-testid="futures-months">
            {months.map((month) => (
              <li key={month.month} className="grid grid-cols-[6rem_1fr_auto] items-center gap-2 text-sm">
                <span className="text-stone-700">
                  {formatDateParts(`${month.month}-01T00:00:00`, i18n.language, {
                    month: 'short',
                    year: 'numeric',
                  })}
                </span>
                <span className="h-3 rounded bg-stone-100" aria-hidden>
                  <span
                    className="block h-3 rounded bg-brand-700"
                    style={{ width: `${largest > 0 ? (month.expected / largest) * 100 : 0}%` }}
                  />
                </span>
                <span className="font-medium text-stone-900 tabular-nums">{money(month.expected)}</span>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-3 text-xs text-stone-600">{t('futures.basis')}</p>
      </CardContent>
    </Card>
  );
}

export function FuturesTab() {
  const { t } = useTranslation('agreements');
  const futures = useQuery(futuresQuery());
  const readerId = useUser().data?.id ?? 0;
  return (
    <QueryState query={futures} error={t('futures.loadFailed')}>
      {(data) => (
        <div className="flex flex-col gap-4" data-testid="futures-tab">
          <Totals futures={data} />
          <ByMonth months={data.byMonth} />
          <Card>
            <CardHeader>
              <CardTitle>{t('futures.agreements')}</CardTitle>
            </CardHeader>
            <CardContent>
              {data.agreements.length === 0 ? (
                <p className="text-sm text-stone-600">{t('futures.empty')}</p>
              ) : (
                <ul className="flex flex-col gap-3">
                  {data.agreements.map((agreement) => (
                    <AgreementLine key={agreement.id} agreement={agreement} readerId={readerId} />
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </div>
      )}
    </QueryState>
  );
}
