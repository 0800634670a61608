// A deposit receipt as anyone holding its code sees it (a buyer or a lender checking the paper): exactly the
// receipt's fields, printable on one A5 sheet, in the reader's language; a wrong code says only "not found".
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TReceipt } from '../../../../contract/stock';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { ApiError, api, queryErrorText } from '../../../lib/api-client';
import { formatDay, formatNumber, formatTons } from '../../../lib/format';
import { queryRoots } from '../../../lib/query-keys';
import { markFirstScreen } from '../../../lib/when-idle';

/** The answers that mean "no such receipt" to the reader: unknown, or a code that cannot be one. */
const NOT_FOUND = new Set([400, 404]);

const receiptQuery = (code: string) =>
  queryOptions({
    queryKey: [...queryRoots.stock, 'receipt', code],
    queryFn: ({ signal }) => api.get<TReceipt>(`/api/receipts/${encodeURIComponent(code)}`, signal),
  });

/** An A5 sheet while this page is shown (a style of the page, not of the whole app's printing). */
const PRINT_STYLE = '@page { size: A5; margin: 10mm; }';

export function ReceiptPage({ code }: { code: string }) {
  const { t } = useTranslation('stock');
  const receipt = useQuery(receiptQuery(code));
  useEffect(markFirstScreen, []);
  let body: ReactNode;
  if (receipt.isPending) {
    body = <PageSpinner />;
  } else if (receipt.isError) {
    const notFound = receipt.error instanceof ApiError && NOT_FOUND.has(receipt.error.status);
    body = (
      <p role="alert" className="text-stone-800" data-testid="receipt-not-found">
        {notFound ? t('receipt.notFound') : `${t('receipt.loadError')} (${queryErrorText(receipt.error)})`}
      </p>
    );
  } else {
    body = <ReceiptSheet receipt={receipt.data} />;
  }
  return (
    <main className="mx-auto flex w-full max-w-lg flex-col gap-4 p-4 print:max-w-none print:p-0">
      <style>{PRINT_STYLE}</style>
      <h1 className="text-xl font-bold text-stone-900">
        {t('common:appName')} · {t('receipt.title')}
      </h1>
      {body}
    </main>
  );
}

function ReceiptSheet({ receipt }: { receipt: TReceipt }) {
  const { t, i18n } = useTranslation('stock');
  const tons = (value: number) => t('tons', { value: formatTons(value, i18n.language) });
  const rows: [string, string][] = [
    ['number', receipt.number],
    ['code', receipt.code],
    ['depositor', receipt.depositor],
    ['crop', receipt.crop],
    ['grade', receipt.grade ?? t('receipt.ungraded')],
    [
      'moisture',
      receipt.moisture === null
        ? t('receipt.notMeasured')
        : t('receipt.percent', { value: formatNumber(receipt.moisture, i18n.language) }),
    ],
    ['quantity', tons(receipt.quantity)],
    ['held', tons(receipt.held)],
    [
      'store',
      receipt.store.location ? `${receipt.store.name}, ${receipt.store.location}` : receipt.store.name,
    ],
    ['depositedAt', formatDay(receipt.depositedAt, i18n.language)],
    ['status', t(`receipt.statuses.${receipt.status}`)],
  ];
  return (
    <>
      <dl
        className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-md border border-stone-300 p-4 text-sm"
        data-testid="receipt"
      >
        {rows.map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="text-stone-600">{t(`receipt.${key}`)}</dt>
            <dd className="font-medium text-stone-900" data-testid={`receipt-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-stone-600">
        {t('receipt.verify', { address: `${window.location.origin}/receipts/${receipt.code}` })}
      </p>
      <Button className="self-start print:hidden" onClick={() => window.print()}>
        {t('receipt.print')}
      </Button>
    </>
  );
}
