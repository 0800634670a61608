// Transactions: description, date and signed amount (income + in green, expense − in red), with a CSV export.
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast, toastError } from '../../../lib/toast-store';
import { transactionsCsvUrl, useTransactions } from '../api/get-transactions';
import { useReverseTransaction } from '../api/reverse-transaction';
import { SignedAmount, useCategoryLabel, useDay } from './money-text';

export function TransactionsTab({ farmId, canWrite }: { farmId: number; canWrite: boolean }) {
  const { t } = useTranslation('finance');
  const day = useDay();
  const categoryLabel = useCategoryLabel();
  const transactions = useTransactions(farmId);
  if (!transactions.isSuccess) {
    return <QueryState query={transactions} error={t('loadError')} />;
  }
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('transactions.title')}</CardTitle>
        <Button asChild variant="secondary" size="sm">
          <a href={transactionsCsvUrl(farmId)} download>
            <Download aria-hidden className="h-4 w-4" />
            {t('transactions.exportCsv')}
          </a>
        </Button>
      </CardHeader>
      <CardContent>
        {transactions.data.length === 0 ? (
          <p className="text-sm text-stone-600">{t('transactions.empty')}</p>
        ) : (
          <ul className="divide-y divide-stone-100">
            {transactions.data.map((tx) => (
              <li key={tx.id} className="flex items-start justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p
                    className={cn(
                      'truncate font-medium',
                      tx.reversed ? 'text-stone-500 line-through' : 'text-stone-900',
                    )}
                  >
                    {tx.description ??
                      (tx.orderId === null
                        ? categoryLabel(tx.category)
                        : t('transactions.orderMoney', { orderId: tx.orderId }))}
                  </p>
                  <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-stone-600">
                    <span>{day(tx.date)}</span>
                    <Badge variant="secondary">{categoryLabel(tx.category)}</Badge>
                    {tx.paymentMethod ? (
                      <span>
                        {t(`paymentMethods.${tx.paymentMethod}`, { defaultValue: tx.paymentMethod })}
                      </span>
                    ) : null}
                    {tx.reversed ? <Badge variant="outline">{t('transactions.reversed')}</Badge> : null}
                    {tx.orderId === null ? null : (
                      <Link
                        className="inline-flex items-center underline"
                        href={`/orders?order=${tx.orderId}`}
                      >
                        {t('transactions.openOrder')}
                      </Link>
                    )}
                  </p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <SignedAmount transaction={tx} />
                  {/* An order's money changes through its order (the server answers 409 otherwise). */}
                  {canWrite && !tx.reversed && tx.orderId === null ? (
                    <ReverseButton farmId={farmId} transactionId={tx.id} />
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Two clicks: a reversal books a new entry, so it is never one slip of the thumb. */
function ReverseButton({ farmId, transactionId }: { farmId: number; transactionId: number }) {
  const { t } = useTranslation('finance');
  const reverse = useReverseTransaction(farmId);
  const [confirming, setConfirming] = useState(false);
  return (
    <Button
      variant={confirming ? 'destructive' : 'ghost'}
      size="sm"
      disabled={reverse.isPending}
      onBlur={() => setConfirming(false)}
      onClick={() => {
        if (!confirming) {
          setConfirming(true);
          return;
        }
        mutateThen(reverse, transactionId, {
          onSuccess: (result) => {
            if (!isQueued(result)) {
              toast({ title: t('transactions.reversedToast') });
            }
          },
          onError: (error) => toastError(t('transactions.reverseFailed'), error),
        });
      }}
    >
      {confirming ? t('transactions.confirmReverse') : t('transactions.reverse')}
    </Button>
  );
}
