// The Credit tab (admins): input credit given to a member (seed, fertiliser advanced by the co-operative), recorded
// as what the member owes; settlements take it back from their shares. The list says what each has repaid.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TGroup } from '../../../../contract/groups';
import { ActionDialog, DialogFormButtons } from '../../../components/entity-dialog';
import { ItemList, ItemRow } from '../../../components/item-list';
import { QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { MoneyInput } from '../../../components/ui/money-input';
import { localDay } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { activeMembersQuery, creditsQuery, memberName } from '../../../lib/queries/coop';
import { toast, toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useAddCredit } from '../api/write-coop';
import { useCoopFormat } from '../format';
import { ZCreditForm } from '../forms';
import { COOP_FORM_NAMESPACES } from './namespaces';

export function CreditTab({ group }: { group: TGroup }) {
  const { t } = useTranslation(COOP_FORM_NAMESPACES);
  const format = useCoopFormat();
  const credits = useQuery(creditsQuery(group.id));
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('credit.title')}</CardTitle>
        <ActionDialog
          variant="primary"
          label={t('credit.add')}
          title={t('creditForm.title')}
          description={t('creditForm.description')}
        >
          {(close) => <CreditForm group={group} onDone={close} />}
        </ActionDialog>
      </CardHeader>
      <CardContent>
        <QueryState query={credits} error={t('credit.loadError')}>
          {(data) => (
            <ItemList count={data.length} empty={t('credit.empty')}>
              {data.map((credit) => (
                <ItemRow
                  key={credit.id}
                  testId="credit-row"
                  title={`${credit.member.username} · ${format.money(credit.amount)}`}
                  badges={credit.repaid >= credit.amount ? <Badge>{t('credit.repaidAll')}</Badge> : undefined}
                >
                  <p className="text-stone-700">
                    {[
                      credit.note,
                      format.day(credit.date),
                      t('credit.repaid', { amount: format.money(credit.repaid) }),
                    ].join(' · ')}
                  </p>
                </ItemRow>
              ))}
            </ItemList>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function CreditForm({ group, onDone }: { group: TGroup; onDone: () => void }) {
  const { t } = useTranslation(COOP_FORM_NAMESPACES);
  const members = useQuery(activeMembersQuery(group.id));
  const add = useAddCredit(group.id, (id) => {
    const member = members.data?.find((m) => m.user.id === id);
    return member ? memberName(member) : '';
  });
  const form = useZodForm(
    ZCreditForm,
    { memberId: '', amount: '', note: '', date: localDay() },
    { idPrefix: 'credit-' },
  );
  const { errors } = form;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((input) =>
        mutateThen(add, input, {
          onSuccess: (result) => {
            toast({ title: isQueued(result) ? t('creditForm.queued') : t('creditForm.recorded') });
            onDone();
          },
          onError: (error) => toastError(t('common:error'), error),
        }),
      )}
    >
      <Field id="credit-memberId" label={t('creditForm.member')} error={errors.memberId}>
        <Select {...form.field('memberId')}>
          <option value="">{members.isPending ? t('form.loading') : t('intakeForm.chooseMember')}</option>
          {(members.data ?? []).map((member) => (
            <option key={member.user.id} value={String(member.user.id)}>
              {memberName(member)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="credit-amount" label={t('creditForm.amount')} error={errors.amount}>
        <MoneyInput {...form.field('amount')} />
      </Field>
      <Field
        id="credit-note"
        label={t('creditForm.note')}
        error={errors.note}
        hint={t('creditForm.noteHint')}
      >
        <Input autoComplete="off" {...form.field('note')} />
      </Field>
      <Field id="credit-date" label={t('intakeForm.date')} error={errors.date}>
        <Input type="date" max={localDay()} {...form.field('date')} />
      </Field>
      <DialogFormButtons cancel={t('form.cancel')} submit={t('creditForm.submit')} pending={add.isPending} />
    </form>
  );
}
