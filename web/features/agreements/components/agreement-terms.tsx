// The agreement's terms as both parties agreed (or are asked to): the parties, crop, quantity with its tolerance,
// the pricing rule in words with today's price by it, the window and place, the deposit and any input advance.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TForwardAgreement } from '../../../../contract/forward-agreements';
import { useAgreementText } from '../../../components/agreements/agreement-text';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="shrink-0 text-stone-600 sm:w-40">{term}</dt>
      <dd className="text-stone-900">{children}</dd>
    </div>
  );
}

/** Today's price per ton by the rule, and the market price it rests on (none: no trades to price by). */
function TodayPrice({ agreement }: { agreement: TForwardAgreement }) {
  const { t } = useTranslation('agreements');
  const { money } = useAgreementText();
  if (agreement.priceToday === null) {
    return <>{t('detail.noMarketPrice')}</>;
  }
  return (
    <>
      {agreement.marketPrice === null
        ? t('detail.priceToday', { price: money(agreement.priceToday) })
        : t('detail.priceTodayMarket', {
            price: money(agreement.priceToday),
            market: money(agreement.marketPrice),
          })}
    </>
  );
}

export function AgreementTerms({ agreement }: { agreement: TForwardAgreement }) {
  const { t } = useTranslation('agreements');
  const text = useAgreementText();
  const seller = agreement.group
    ? t('detail.groupSeller', { group: agreement.group.name, name: agreement.seller.username })
    : agreement.seller.username;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('detail.terms')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-2 text-sm" data-testid="agreement-terms">
          <Row term={t('detail.buyer')}>{agreement.buyer.username}</Row>
          <Row term={t('detail.seller')}>{seller}</Row>
          <Row term={t('detail.goods')}>
            {t('detail.goodsValue', { crop: text.crop(agreement.crop), grade: agreement.grade })}
          </Row>
          <Row term={t('detail.quantity')}>
            {t('detail.quantityValue', {
              quantity: text.tons(agreement.quantity),
              tolerance: agreement.tolerancePercent,
            })}
          </Row>
          <Row term={t('detail.pricing')}>{text.pricing(agreement.pricing)}</Row>
          <Row term={t('detail.today')}>
            <TodayPrice agreement={agreement} />
          </Row>
          <Row term={t('detail.window')}>{text.window(agreement)}</Row>
          <Row term={t('detail.place')}>{agreement.place}</Row>
          <Row term={t('detail.deposit')}>
            {t('list.deposit', { amount: text.money(agreement.deposit), percent: agreement.depositPercent })}
          </Row>
          {agreement.inputAdvance ? (
            <Row term={t('detail.advance')}>
              {t('detail.advanceValue', {
                amount: text.money(agreement.inputAdvance.amount),
                note: agreement.inputAdvance.note,
              })}
            </Row>
          ) : null}
          {agreement.note ? <Row term={t('detail.note')}>{agreement.note}</Row> : null}
        </dl>
      </CardContent>
    </Card>
  );
}
