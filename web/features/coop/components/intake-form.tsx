// A store keeper records a member's delivery: who, what crop and grade, its moisture, its weight (kilograms off the
// scale, or bags × kilograms per bag, shown in kilograms as it is typed), the store and the day. It goes through the
// outbox, so at a store without a connection it waits on the phone and is sent in order when the connection returns;
// the form then clears the member and the weight and keeps the rest for the next one in the queue.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TGroup } from '../../../../contract/groups';
import { GRADES } from '../../../../contract/marketplace-constants';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { localDay } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { useCommodityKinds } from '../../../lib/queries/commodity-kinds';
import { activeMembersQuery, coopStoresQuery, memberName } from '../../../lib/queries/coop';
import { toast, toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useRecordIntake } from '../api/write-coop';
import { useCoopFormat } from '../format';
import { INTAKE_MEASURES, intakeWeight, ZIntakeForm } from '../forms';
import { DEFAULT_KG_PER_BAG } from '../quantity';
import { COOP_FORM_NAMESPACES } from './namespaces';

export function IntakeForm({ group }: { group: TGroup }) {
  const { t, i18n } = useTranslation(COOP_FORM_NAMESPACES);
  const format = useCoopFormat();
  const members = useQuery(activeMembersQuery(group.id));
  const stores = useQuery(coopStoresQuery(group.id));
  const kinds = useCommodityKinds(i18n.language);
  const nameOf = (id: number) => {
    const member = members.data?.find((m) => m.user.id === id);
    return member ? memberName(member) : '';
  };
  const record = useRecordIntake(group.id, (input) => ({
    member: nameOf(input.memberId),
    store: stores.data?.find((s) => s.id === input.storeId)?.name ?? '',
  }));
  const onlyStore = stores.data?.length === 1 ? String(stores.data[0]?.id) : '';
  const form = useZodForm(
    ZIntakeForm,
    {
      memberId: '',
      crop: group.crops[0] ?? '',
      grade: 'A',
      moisture: '',
      measure: 'bags',
      kg: '',
      bags: '',
      kgPerBag: DEFAULT_KG_PER_BAG,
      storeId: onlyStore,
      date: localDay(),
    },
    { idPrefix: 'intake-' },
  );
  const { errors, values } = form;
  // The store list arrives after the form: a co-operative with one store has it chosen.
  const storeMissing = values.storeId === '' && onlyStore !== '';
  useEffect(() => {
    if (storeMissing) {
      form.setValue('storeId', onlyStore);
    }
  }, [storeMissing, onlyStore, form.setValue]);
  const weight = intakeWeight(values);
  const weighed = 'kg' in weight ? t('intakeForm.weighs', { kg: format.number(weight.kg) }) : undefined;
  const submit = form.handleSubmit((input) =>
    mutateThen(record, input, {
      onSuccess: (result) => {
        toast({
          title: isQueued(result) ? t('intakeForm.queued') : t('intakeForm.recorded'),
          ...(isQueued(result) ? { description: t('intakeForm.queuedHint') } : {}),
        });
        form.setFields({ memberId: '', kg: '', bags: '', moisture: '' });
      },
      onError: (error) => toastError(t('common:error'), error),
    }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('intakeForm.title')}</CardTitle>
        <CardDescription>{t('intakeForm.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="flex flex-col gap-4" onSubmit={submit} data-testid="intake-form">
          <Field id="intake-memberId" label={t('intakeForm.member')} error={errors.memberId}>
            <Select {...form.field('memberId')}>
              <option value="">{members.isPending ? t('form.loading') : t('intakeForm.chooseMember')}</option>
              {(members.data ?? []).map((member) => (
                <option key={member.user.id} value={String(member.user.id)}>
                  {memberName(member)}
                </option>
              ))}
            </Select>
          </Field>
          <div className="grid grid-cols-2 gap-4">
            <Field id="intake-crop" label={t('intakeForm.crop')} error={errors.crop}>
              <Input autoComplete="off" list="intake-crop-kinds" {...form.field('crop')} />
              <datalist id="intake-crop-kinds">
                {[...new Set([...group.crops, ...(kinds.data ?? []).map((kind) => kind.name)])].map(
                  (name) => (
                    <option key={name} value={name} />
                  ),
                )}
              </datalist>
            </Field>
            <Field id="intake-grade" label={t('intakeForm.grade')} error={errors.grade}>
              <Select {...form.field('grade')}>
                {GRADES.map((grade) => (
                  <option key={grade} value={grade}>
                    {t('grade', { grade })}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <Field
            id="intake-moisture"
            label={t('intakeForm.moisture')}
            error={errors.moisture}
            hint={t('intakeForm.moistureHint')}
          >
            <Input inputMode="decimal" autoComplete="off" {...form.field('moisture')} />
          </Field>
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium text-stone-800">{t('intakeForm.measure')}</legend>
            <div className="flex flex-wrap gap-4">
              {INTAKE_MEASURES.map((measure) => (
                <label key={measure} className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="measure"
                    value={measure}
                    checked={values.measure === measure}
                    onChange={() => form.setValue('measure', measure)}
                  />
                  {t(`intakeForm.measures.${measure}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {values.measure === 'bags' ? (
            <div className="grid grid-cols-2 gap-4">
              <Field
                id="intake-bags"
                label={t('intakeForm.bags')}
                error={errors.bags}
                {...(weighed ? { hint: weighed } : {})}
              >
                <Input inputMode="numeric" autoComplete="off" {...form.field('bags')} />
              </Field>
              <Field id="intake-kgPerBag" label={t('intakeForm.kgPerBag')} error={errors.kgPerBag}>
                <Input inputMode="decimal" autoComplete="off" {...form.field('kgPerBag')} />
              </Field>
            </div>
          ) : (
            <div className="grid grid-cols-2 gap-4">
              <Field id="intake-kg" label={t('intakeForm.kg')} error={errors.kg}>
                <Input inputMode="numeric" autoComplete="off" {...form.field('kg')} />
              </Field>
              <Field id="intake-bags" label={t('intakeForm.bagsOptional')} error={errors.bags}>
                <Input inputMode="numeric" autoComplete="off" {...form.field('bags')} />
              </Field>
            </div>
          )}
          <Field id="intake-storeId" label={t('intakeForm.store')} error={errors.storeId}>
            <Select {...form.field('storeId')}>
              <option value="">{stores.isPending ? t('form.loading') : t('intakeForm.chooseStore')}</option>
              {(stores.data ?? []).map((store) => (
                <option key={store.id} value={String(store.id)}>
                  {store.location ? `${store.name}, ${store.location}` : store.name}
                </option>
              ))}
            </Select>
          </Field>
          {stores.data?.length === 0 ? (
            <p className="text-sm text-stone-600">{t('intakeForm.noStore')}</p>
          ) : null}
          <Field id="intake-date" label={t('intakeForm.date')} error={errors.date}>
            <Input type="date" max={localDay()} {...form.field('date')} />
          </Field>
          <Button type="submit" disabled={record.isPending}>
            {t('intakeForm.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
