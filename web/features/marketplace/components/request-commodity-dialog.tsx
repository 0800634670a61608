// The Request Commodity dialog (buyers): every field of spec §2, sent as text; failures only go to the console.
import { useTranslation } from 'react-i18next';
import {
  DELIVERY_TIMELINES,
  type TCommodityRequestInput,
  ZCommodityRequestInput,
} from '../../../../contract/marketplace';
import { EntityDialog } from '../../../components/entity-dialog';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { MoneyInput } from '../../../components/ui/money-input';
import { mutateThen } from '../../../lib/mutate-then';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateCommodityRequest } from '../api/create-commodity-request';

const EMPTY = {
  commodityName: '',
  quantity: '',
  targetPrice: '',
  grade: '',
  description: '',
  deliveryTimeline: '',
};

/** Open while mounted (the page mounts it when its 'Request Commodity' button is pressed). */
export function RequestCommodityDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('marketplace');
  return (
    <EntityDialog open onClose={onClose} title={t('request.title')} description={t('request.description')}>
      <RequestForm onSuccess={onClose} />
    </EntityDialog>
  );
}

function RequestForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation('marketplace');
  const create = useCreateCommodityRequest();
  const form = useZodForm(ZCommodityRequestInput, EMPTY, { idPrefix: 'request-' });
  const submit = () => {
    // The values go as typed (text); the server stores them typed.
    const payload: TCommodityRequestInput = { ...form.values };
    if (!payload.description) {
      delete payload.description;
    }
    mutateThen(create, payload, {
      onSuccess: () => {
        form.reset();
        onSuccess();
      },
      onError: (error) => console.error('Failed to submit commodity request', error),
    });
  };
  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit(submit)}>
      <Field id="request-commodityName" label={t('request.commodityName')} error={form.errors.commodityName}>
        <Input autoComplete="off" {...form.field('commodityName')} />
      </Field>
      <Field id="request-quantity" label={t('request.quantity')} error={form.errors.quantity}>
        <Input inputMode="decimal" autoComplete="off" {...form.field('quantity')} />
      </Field>
      <Field id="request-targetPrice" label={t('request.targetPrice')} error={form.errors.targetPrice}>
        <MoneyInput data-step="0.01" {...form.field('targetPrice')} />
      </Field>
      <Field id="request-grade" label={t('request.grade')} error={form.errors.grade}>
        <Select {...form.field('grade')}>
          <option value="">{t('request.selectGrade')}</option>
          {(['A', 'B', 'C'] as const).map((g) => (
            <option key={g} value={g}>
              {t('grade', { grade: g })}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id="request-deliveryTimeline"
        label={t('request.deliveryTimeline')}
        error={form.errors.deliveryTimeline}
      >
        <Select {...form.field('deliveryTimeline')}>
          <option value="">{t('request.selectTimeline')}</option>
          {DELIVERY_TIMELINES.map((timeline) => (
            <option key={timeline} value={timeline}>
              {t(`timelines.${timeline}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="request-description" label={t('request.details')} error={form.errors.description}>
        <Textarea {...form.field('description')} />
      </Field>
      <Button type="submit" disabled={create.isPending}>
        {t('request.submit')}
      </Button>
    </form>
  );
}
