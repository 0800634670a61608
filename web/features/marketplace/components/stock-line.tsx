// A listing's stock as buyers see it, on its card, its table row and the bid dialog.
import { useTranslation } from 'react-i18next';
import type { TCommodity } from '../../../../contract/marketplace';
import { formatNumber } from '../../../lib/format';
import { stockWords } from '../stock-place';

/**
 * Where a listing's goods are, for buyers: its lot's store, place and moisture; "stock not recorded" (quietly) for a
 * listing from no lot; nothing where the answer does not say (a write's answer leaves the field out).
 */
export function StockLine({ c }: { c: TCommodity }) {
  const { t, i18n } = useTranslation('marketplace');
  const words = stockWords(c.stock);
  if (words === null) {
    return null;
  }
  if (words.kind === 'notRecorded') {
    return <span className="block text-xs font-normal text-stone-500">{t('stock.notRecorded')}</span>;
  }
  const place = t(words.place.key, words.place.params);
  return (
    <span className="block text-xs font-normal text-stone-700" data-testid="listing-stock">
      {words.moisture === null
        ? place
        : `${place} · ${t('stock.moisture', { moisture: formatNumber(words.moisture, i18n.language) })}`}
    </span>
  );
}
