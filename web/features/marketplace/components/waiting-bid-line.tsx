// A bid still on the phone, as "My bids" and "Your Active Bids" show it: the listing, the offer, "waiting to be sent".
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { price, tons } from '../format';
import type { WaitingBid } from '../hooks/use-waiting-bids';

export function WaitingBidLine({ bid }: { bid: WaitingBid }) {
  const { t, i18n } = useTranslation('marketplace');
  const lang = i18n.language;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm" data-testid="waiting-bid">
      <div>
        <p className="font-medium text-stone-900">{bid.name}</p>
        <p className="text-stone-700">
          {t('waiting.bidLine', { quantity: tons(bid.quantity, lang), price: price(bid.price, lang) })}
        </p>
      </div>
      <Badge variant="outline">{t('waiting.mark')}</Badge>
    </li>
  );
}
