// Open commodity requests: farmers can list to meet one; buyers see their own and can close them.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCommodityRequest } from '../../../../contract/marketplace';
import { ItemList, ItemRow } from '../../../components/item-list';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDay, toDecimalInput } from '../../../lib/format';
import { useCloseCommodityRequest } from '../api/close-commodity-request';
import { price, tons } from '../format';
import type { ListingDraft } from './listing-draft';

export const OpenRequests = memo(function OpenRequests({
  requests,
  mode,
  onList,
}: {
  requests: TCommodityRequest[];
  mode: 'farmer' | 'buyer';
  onList: (draft: ListingDraft) => void;
}) {
  const { t, i18n } = useTranslation('marketplace');
  const close = useCloseCommodityRequest();
  const lang = i18n.language;
  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>{mode === 'farmer' ? t('requests.title') : t('requests.mine')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ItemList count={requests.length} empty={t('requests.empty')}>
          {requests.map((r) => (
            <ItemRow
              key={r.id}
              testId="open-request"
              title={r.commodityName}
              badges={
                <>
                  <Badge variant="outline">{t('grade', { grade: r.grade })}</Badge>
                  <Badge variant="secondary">{t(`timelines.${r.deliveryTimeline}`)}</Badge>
                </>
              }
              actions={
                mode === 'farmer' ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() =>
                      onList({
                        name: r.commodityName,
                        quantity: toDecimalInput(r.quantity, lang),
                        price: toDecimalInput(r.targetPrice, lang),
                        grade: r.grade,
                        requestId: r.id,
                      })
                    }
                  >
                    {t('requests.listToMeet')}
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={close.isPending}
                    onClick={() => close.mutate(r)}
                  >
                    {t('requests.close')}
                  </Button>
                )
              }
            >
              <p className="text-stone-700">
                {t('requests.line', {
                  quantity: tons(r.quantity, lang),
                  price: price(r.targetPrice, lang),
                  buyer: r.buyerUsername,
                  date: formatDay(r.createdAt, lang),
                })}
              </p>
              {r.description ? <p className="text-stone-600">{r.description}</p> : null}
            </ItemRow>
          ))}
        </ItemList>
      </CardContent>
    </Card>
  );
});
