// The operator's escrow (managers): what it holds, owes sellers and buyers, collected, paid out and refunded, and
// the orders whose money it still holds.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TOperatorEscrow } from '../../../../contract/payments';
import { BlockSpinner, ERROR_SMALL, QueryState } from '../../../components/query-state';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatMoney } from '../../../lib/format';
import { useEscrow } from '../api/get-escrow';
import { orderHref } from '../links';

const FIGURES = ['held', 'owedToSellers', 'owedToBuyers', 'collected', 'paidOut', 'refunded'] as const;

export function EscrowCard() {
  const { t } = useTranslation('payments');
  const escrow = useEscrow(true);
  return (
    <Card className="mb-6" data-testid="operator-escrow">
      <CardHeader>
        <CardTitle>{t('operations.escrowTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState
          query={escrow}
          error={t('operations.loadError')}
          errorClassName={ERROR_SMALL}
          pending={<BlockSpinner className="py-6" />}
        >
          {(data) => <EscrowFigures data={data} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function EscrowFigures({ data }: { data: TOperatorEscrow }) {
  const { t, i18n } = useTranslation('payments');
  const lng = i18n.language;
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {FIGURES.map((name) => (
          <div key={name} className="rounded-md bg-stone-50 p-2">
            <dt className="text-xs text-stone-600">{t(`operations.${name}`)}</dt>
            <dd className="font-semibold text-stone-900 tabular-nums">{formatMoney(data[name], lng)}</dd>
          </div>
        ))}
      </dl>
      {data.byOrder.length === 0 ? (
        <p className="text-sm text-stone-600">{t('operations.noneHeld')}</p>
      ) : (
        <ul className="divide-y divide-stone-200 text-sm" aria-label={t('operations.byOrder')}>
          {data.byOrder.map((line) => (
            <li key={line.orderId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <Link
                href={orderHref(line.orderId)}
                className="inline-flex min-h-11 items-center font-medium text-brand-800 underline-offset-2 hover:underline"
              >
                {t('operations.order', { id: line.orderId, commodity: line.commodity })}
              </Link>
              <span className="text-stone-700">
                {t('operations.orderLine', {
                  held: formatMoney(line.held, lng),
                  sellers: formatMoney(line.owedToSellers, lng),
                  buyers: formatMoney(line.owedToBuyers, lng),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
