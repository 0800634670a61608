// At hand-over, the buyer's answer to a weighing beyond the tolerance: their code accepts it, or a dispute opens.
// Asked when the order holds such a weighing, or when a weight is typed in the hand-over form itself.
import { useTranslation } from 'react-i18next';
import type { TOrder } from '../../contract/orders';
import { formatMoney, formatTons } from '../lib/format';
import type { FieldProps } from '../lib/use-zod-form';
import { Field } from './ui/field';
import { Select } from './ui/input';

export function WeightAnswerField({
  weighing,
  field,
  error,
}: {
  weighing: TOrder['weighing'] | undefined;
  field: FieldProps;
  error: string | undefined;
}) {
  const { t, i18n } = useTranslation('orders');
  const lng = i18n.language;
  const hint =
    weighing?.toAccept && weighing.weighed !== null && weighing.totalIfAccepted !== null
      ? t('weighing.buyerToAccept', {
          weighed: formatTons(weighing.weighed, lng),
          ordered: formatTons(weighing.ordered, lng),
          total: formatMoney(weighing.totalIfAccepted, lng),
        })
      : t('weighing.answerHint');
  return (
    <Field id={field.id} label={t('weighing.answer')} hint={hint} error={error}>
      <Select {...field}>
        <option value="">{t('weighing.accepted')}</option>
        <option value="disputed">{t('weighing.disputed')}</option>
      </Select>
    </Field>
  );
}
