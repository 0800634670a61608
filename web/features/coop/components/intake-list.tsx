// The intakes, newest first: those still on this phone first ("waiting to send"), then the recorded ones with
// their receipt reference. A wrong one is never edited: a keeper corrects it with a reversing entry and a reason;
// both stay listed, the corrected one marked and the correction shown as such. A member sees their own, read-only.
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TGroup, TIntake } from '../../../../contract/groups';
import { ActionDialog, DialogFormButtons } from '../../../components/entity-dialog';
import { ItemList, ItemRow } from '../../../components/item-list';
import { QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { mutateThen } from '../../../lib/mutate-then';
import { useWaitingWrites } from '../../../lib/outbox/use-waiting-writes';
import { activeMembersQuery, coopKey, intakesQuery, memberName } from '../../../lib/queries/coop';
import { useUser } from '../../../lib/session';
import { toast, toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useReverseIntake } from '../api/write-coop';
import { useCoopFormat } from '../format';
import { ZReversalForm } from '../forms';
import { intakesPath, toWaitingIntake, type WaitingIntake } from '../intake-write';
import { COOP_FORM_NAMESPACES } from './namespaces';

export function IntakeList({ group }: { group: TGroup }) {
  const { t } = useTranslation(COOP_FORM_NAMESPACES);
  const intakes = useInfiniteQuery(intakesQuery(group.id));
  const waiting = useWaitingIntakes(group);
  const nameOf = useMemberNames(group);
  const rows = intakes.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{group.can.keep ? t('intakes.title') : t('intakes.mine')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {waiting.length > 0 ? (
          <ul className="divide-y divide-amber-100 rounded-md border border-amber-200 bg-amber-50 px-3">
            {waiting.map((item) => (
              <WaitingRow key={item.id} item={item} />
            ))}
          </ul>
        ) : null}
        <QueryState query={intakes} error={t('intakes.loadError')}>
          {() => (
            <ItemList
              count={rows.length}
              empty={group.can.keep ? t('intakes.empty') : t('intakes.emptyMine')}
            >
              {rows.map((intake) => (
                <IntakeRow key={intake.id} group={group} intake={intake} nameOf={nameOf} />
              ))}
            </ItemList>
          )}
        </QueryState>
        {intakes.hasNextPage ? (
          <Button
            variant="secondary"
            disabled={intakes.isFetchingNextPage}
            onClick={() => intakes.fetchNextPage()}
          >
            {t('intakes.more')}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

/**
 * A keeper reads members by the names the co-operative knows them by; a member reads only their own deliveries,
 * which need no name (null).
 */
function useMemberNames(group: TGroup): ((member: TIntake['member']) => string) | null {
  const members = useQuery({ ...activeMembersQuery(group.id), enabled: group.can.keep });
  return useMemo(() => {
    if (!group.can.keep) {
      return null;
    }
    const names = new Map((members.data ?? []).map((m) => [m.user.id, memberName(m)]));
    return (member) => names.get(member.id) ?? member.username;
  }, [group.can.keep, members.data]);
}

/** The keeper's intakes of this group still on the phone, newest first as the list is (they are sent oldest first). */
function useWaitingIntakes(group: TGroup): WaitingIntake[] {
  const queryClient = useQueryClient();
  const userId = useUser().data?.id ?? null;
  const items = useWaitingWrites(
    group.can.keep ? userId : null,
    { method: 'POST', path: intakesPath(group.id) },
    () => void queryClient.invalidateQueries({ queryKey: coopKey(group.id) }),
  );
  return useMemo(() => items.map(toWaitingIntake).reverse(), [items]);
}

function WaitingRow({ item }: { item: WaitingIntake }) {
  const { t } = useTranslation(COOP_FORM_NAMESPACES);
  const format = useCoopFormat();
  return (
    <ItemRow
      testId="intake-waiting"
      title={t('intakes.line', { member: item.member, crop: item.crop, grade: item.grade })}
      badges={<Badge variant="outline">{t('intakes.waiting')}</Badge>}
    >
      <p className="text-stone-700">
        {[
          t('intakes.kg', { kg: format.kg(item.quantity) }),
          item.bags === null ? null : t('intakes.bags', { count: item.bags }),
          item.store,
          item.date === null ? null : format.day(item.date),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
    </ItemRow>
  );
}

function IntakeRow({
  group,
  intake,
  nameOf,
}: {
  group: TGroup;
  intake: TIntake;
  nameOf: ((member: TIntake['member']) => string) | null;
}) {
  const { t } = useTranslation(COOP_FORM_NAMESPACES);
  const format = useCoopFormat();
  const reversal = intake.reversalOf !== null;
  const details = [
    reversal
      ? t('intakes.kgCorrected', { kg: format.kg(Math.abs(intake.quantity)) })
      : t('intakes.kg', { kg: format.kg(intake.quantity) }),
    intake.bags === null ? null : t('intakes.bags', { count: Math.abs(intake.bags) }),
    intake.moisture === null ? null : t('intakes.moisture', { moisture: format.number(intake.moisture) }),
    intake.store.name,
    format.day(intake.date),
    t('intakes.reference', { ref: intake.reference }),
  ];
  return (
    <ItemRow
      testId="intake-row"
      title={
        nameOf === null
          ? t('intakes.lineMine', { crop: intake.crop, grade: intake.grade })
          : t('intakes.line', { member: nameOf(intake.member), crop: intake.crop, grade: intake.grade })
      }
      badges={
        reversal ? (
          <Badge variant="destructive">{t('intakes.correction')}</Badge>
        ) : intake.reversedBy !== null ? (
          <Badge variant="secondary">{t('intakes.corrected')}</Badge>
        ) : null
      }
      actions={
        group.can.keep && !reversal && intake.reversedBy === null ? (
          <ActionDialog
            label={t('intakes.correct')}
            title={t('reversalForm.title')}
            description={t('reversalForm.description', { ref: intake.reference })}
          >
            {(close) => <ReversalForm group={group} intake={intake} onDone={close} />}
          </ActionDialog>
        ) : undefined
      }
    >
      <p className="text-stone-700">{details.filter(Boolean).join(' · ')}</p>
      {intake.reason ? (
        <p className="text-stone-600">{t('intakes.reason', { reason: intake.reason })}</p>
      ) : null}
    </ItemRow>
  );
}

function ReversalForm({ group, intake, onDone }: { group: TGroup; intake: TIntake; onDone: () => void }) {
  const { t } = useTranslation(COOP_FORM_NAMESPACES);
  const reverse = useReverseIntake(group.id);
  const form = useZodForm(ZReversalForm, { reason: '' }, { idPrefix: 'reversal-' });
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(({ reason }) =>
        mutateThen(
          reverse,
          { intake, reason },
          {
            onSuccess: () => {
              toast({ title: t('reversalForm.done') });
              onDone();
            },
            onError: (error) => toastError(t('common:error'), error),
          },
        ),
      )}
    >
      <Field id="reversal-reason" label={t('reversalForm.reason')} error={form.errors.reason}>
        <Input autoComplete="off" {...form.field('reason')} />
      </Field>
      <DialogFormButtons
        cancel={t('form.cancel')}
        submit={t('reversalForm.submit')}
        pending={reverse.isPending}
      />
    </form>
  );
}
