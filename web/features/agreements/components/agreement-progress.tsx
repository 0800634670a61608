// What has been delivered on the agreement and what is held: delivered, still to deliver and the most that may
// still come, the deposit held and the advance not yet recovered, and each delivery (an order of its own).
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TForwardAgreement } from '../../../../contract/forward-agreements';
import { useAgreementText } from '../../../components/agreements/agreement-text';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { TableScroll } from '../../../components/ui/table-scroll';

function Deliveries({ agreement }: { agreement: TForwardAgreement }) {
  const { t } = useTranslation('agreements');
  const text = useAgreementText();
  if (agreement.deliveries.length === 0) {
    return <p className="text-sm text-stone-600">{t('detail.noDeliveries')}</p>;
  }
  return (
    <TableScroll label={t('detail.deliveries')}>
      <table className="w-full text-left text-sm" data-testid="agreement-deliveries">
        <thead className="text-xs text-stone-600">
          <tr>
            <th className="py-1 pr-3">{t('detail.order')}</th>
            <th className="py-1 pr-3">{t('detail.quantity')}</th>
            <th className="py-1 pr-3">{t('detail.price')}</th>
            <th className="py-1 pr-3">{t('detail.total')}</th>
            <th className="py-1 pr-3">{t('detail.depositApplied')}</th>
          </tr>
        </thead>
        <tbody>
          {agreement.deliveries.map((delivery) => (
            <tr key={delivery.orderId} className="border-t border-stone-100">
              <td className="py-1 pr-3">
                <Link
                  href={`/orders?order=${delivery.orderId}`}
                  className="inline-flex min-h-11 items-center text-brand-800 underline"
                >
                  {t('detail.orderNumber', { number: delivery.orderId })}
                </Link>
              </td>
              <td className="py-1 pr-3 tabular-nums">{text.quantity(delivery.quantity)}</td>
              <td className="py-1 pr-3 tabular-nums">{text.money(delivery.price)}</td>
              <td className="py-1 pr-3 tabular-nums">{text.money(delivery.total)}</td>
              <td className="py-1 pr-3 tabular-nums">
                {text.money(delivery.depositApplied + delivery.advanceRecovered)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

export function AgreementProgress({ agreement }: { agreement: TForwardAgreement }) {
  const { t } = useTranslation('agreements');
  const text = useAgreementText();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('detail.progress')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <ul className="flex flex-col gap-1 text-stone-800" data-testid="agreement-progress">
          <li>{t('detail.delivered', { quantity: text.tons(agreement.delivered) })}</li>
          <li>{t('detail.remaining', { quantity: text.tons(agreement.remaining) })}</li>
          <li>{t('detail.maxMore', { quantity: text.tons(agreement.maxMore) })}</li>
          <li>{t('detail.depositHeld', { amount: text.money(agreement.depositHeld) })}</li>
          {agreement.inputAdvance ? (
            <li>{t('detail.advanceOutstanding', { amount: text.money(agreement.advanceOutstanding) })}</li>
          ) : null}
        </ul>
        <h3 className="font-medium text-stone-800">{t('detail.deliveries')}</h3>
        <Deliveries agreement={agreement} />
      </CardContent>
    </Card>
  );
}
