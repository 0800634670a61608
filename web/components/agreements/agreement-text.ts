// How an agreement reads in the user's language: money and tons as the house formats them, the window's days, the
// crop's name, the pricing rule in words ("250 per t", "the higher of 200 per t and the market price, × 90 %").
import { useTranslation } from 'react-i18next';
import type { TForwardAgreement } from '../../../contract/forward-agreements';
import { formatDay, formatMoney, formatTons } from '../../lib/format';

export function useAgreementText() {
  const { t, i18n } = useTranslation(['agreements', 'agronomy']);
  const language = i18n.language;
  const money = (amount: number) => formatMoney(amount, language);
  const tons = (quantity: number) => formatTons(quantity, language);
  const day = (date: string) => formatDay(`${date}T00:00:00`, language);
  return {
    money,
    tons,
    day,
    crop: (crop: string) => t(`agronomy:crop.${crop}`, { defaultValue: crop }),
    quantity: (quantity: number) => t('agreements:list.tons', { quantity: tons(quantity) }),
    window: (agreement: Pick<TForwardAgreement, 'deliveryFrom' | 'deliveryTo'>) =>
      t('agreements:list.window', { from: day(agreement.deliveryFrom), to: day(agreement.deliveryTo) }),
    pricing: (pricing: TForwardAgreement['pricing']) =>
      pricing.kind === 'fixed'
        ? t('agreements:pricing.fixed', { price: money(pricing.price) })
        : t('agreements:pricing.floor', { floor: money(pricing.floor), share: pricing.sharePercent }),
  };
}
