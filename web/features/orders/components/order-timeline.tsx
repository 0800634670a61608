// What happened to an order, oldest first: the step, when, by whom, with its note and amount.
import { useTranslation } from 'react-i18next';
import type { TOrder } from '../../../../contract/orders';
import { formatMoney, formatTons } from '../../../lib/format';
import { moment } from './order-format';

export function OrderTimeline({ timeline }: { timeline: TOrder['timeline'] }) {
  const { t, i18n } = useTranslation('orders');
  const lng = i18n.language;
  return (
    <ol className="relative flex flex-col gap-3 border-l-2 border-stone-200 pl-4">
      {timeline.map((entry, index) => (
        // Entries have no id; their order never changes.
        // biome-ignore lint/suspicious/noArrayIndexKey: the timeline only grows at the end
        <li key={index} className="text-sm">
          <span aria-hidden className="absolute -left-[5px] mt-1.5 h-2 w-2 rounded-full bg-brand-700" />
          <p className="font-medium text-stone-900">
            {t(`steps.${entry.status}`)}
            {entry.quantity !== null ? ` · ${t('tons', { value: formatTons(entry.quantity, lng) })}` : null}
            {entry.amount !== null ? ` · ${formatMoney(entry.amount, lng)}` : null}
          </p>
          <p className="text-stone-600">
            <time dateTime={entry.at}>{moment(entry.at, lng)}</time>
            {entry.by ? ` · ${t('detail.by', { name: entry.by.username })}` : null}
          </p>
          {entry.note ? <p className="text-stone-700">{entry.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
