// "Announce an event": shown to those who may (may-announce.ts mirrors the server's rule, which still decides).
// A group's admin chooses the group (its members only, every kind); otherwise the event is for everyone, of the
// kinds the reader's role may announce. Times are typed in the phone's local time; the pin comes from the phone.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../../contract/constants';
import type { TGroup } from '../../../../contract/groups';
import { ActionDialog, DialogFormButtons } from '../../../components/entity-dialog';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { useCreateEvent } from '../../../lib/queries/calendar';
import { groupsQuery } from '../../../lib/queries/groups';
import { useUser } from '../../../lib/session';
import { toast, toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { EVENT_FORM_DEFAULTS, eventForm } from '../event-form-schema';
import { adminGroups, kindsFor, mayAnnounce, publicKinds } from '../may-announce';
import { LessonsPicker } from './lessons-picker';
import { PlaceFields } from './place-fields';

const PREFIX = 'event-';

/** The groups the reader runs (read with their own groups), or none while they load. */
function useGroupsRun(): TGroup[] {
  const groups = useInfiniteQuery(groupsQuery({ mine: true }));
  return useMemo(() => adminGroups(groups.data?.pages.flatMap((page) => page.items) ?? []), [groups.data]);
}

export function AnnounceEvent() {
  const { t } = useTranslation('calendar');
  const role = useUser().data?.role;
  const groups = useGroupsRun();
  if (role === undefined || !mayAnnounce(role, groups.length)) {
    return null;
  }
  return (
    <ActionDialog
      label={t('form.open')}
      variant="primary"
      title={t('form.title')}
      description={t('form.intro')}
      size="lg"
    >
      {(close) => <EventForm role={role} groups={groups} onDone={close} />}
    </ActionDialog>
  );
}

export function EventForm({ role, groups, onDone }: { role: Role; groups: TGroup[]; onDone: () => void }) {
  const { t } = useTranslation('calendar');
  const create = useCreateEvent();
  const everyone = publicKinds(role).length > 0;
  const firstGroup = everyone ? '' : String(groups[0]?.id ?? '');
  const form = useZodForm(
    eventForm,
    { ...EVENT_FORM_DEFAULTS, groupId: firstGroup, kind: kindsFor(role, firstGroup !== '')[0] ?? '' },
    { idPrefix: PREFIX },
  );
  const { errors, values } = form;
  return (
    <form
      noValidate
      data-testid="event-form"
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((input) =>
        mutateThen(create, input, {
          onSuccess: (result) => {
            if (!isQueued(result)) {
              toast({ title: t('form.done') });
            }
            onDone();
          },
          onError: (error) => toastError(t('form.failed'), error),
        }),
      )}
    >
      <AudienceFields form={form} role={role} groups={groups} />
      <Field id={`${PREFIX}title`} label={t('form.eventTitle')} error={errors.title}>
        <Input maxLength={120} autoComplete="off" {...form.field('title')} />
      </Field>
      <Field id={`${PREFIX}description`} label={t('form.description')} error={errors.description}>
        <Textarea maxLength={2000} className="min-h-24" {...form.field('description')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${PREFIX}startsAt`} label={t('form.startsAt')} error={errors.startsAt}>
          <Input type="datetime-local" {...form.field('startsAt')} />
        </Field>
        <Field id={`${PREFIX}endsAt`} label={t('form.endsAt')} error={errors.endsAt}>
          <Input type="datetime-local" {...form.field('endsAt')} />
        </Field>
      </div>
      <PlaceFields form={form} prefix={PREFIX} />
      <Field
        id={`${PREFIX}capacity`}
        label={t('form.capacity')}
        error={errors.capacity}
        hint={t('form.capacityHint')}
      >
        <Input inputMode="numeric" autoComplete="off" {...form.field('capacity')} />
      </Field>
      <LessonsPicker
        chosen={values.lessonIds}
        error={errors.lessonIds}
        onChange={(lessonIds) => form.setValue('lessonIds', lessonIds)}
      />
      <DialogFormButtons cancel={t('form.cancel')} submit={t('form.submit')} pending={create.isPending} />
    </form>
  );
}

type EventFormState = ReturnType<typeof useZodForm<typeof eventForm>>;

/** For whom (everyone, or one of the groups the reader runs) and what kind: the kinds follow the choice. */
function AudienceFields({ form, role, groups }: { form: EventFormState; role: Role; groups: TGroup[] }) {
  const { t } = useTranslation('calendar');
  const { errors, values } = form;
  const everyone = publicKinds(role).length > 0;
  const kinds = kindsFor(role, values.groupId !== '');
  const chooseGroup = (groupId: string) => {
    const allowed = kindsFor(role, groupId !== '');
    const kind = allowed.find((k) => k === values.kind) ?? allowed[0] ?? '';
    form.setFields({ groupId, kind });
  };
  return (
    <>
      {groups.length > 0 ? (
        <Field
          id={`${PREFIX}groupId`}
          label={t('form.group')}
          error={errors.groupId}
          hint={t('form.groupHint')}
        >
          <Select {...form.field('groupId')} onChange={(event) => chooseGroup(event.target.value)}>
            {everyone ? <option value="">{t('form.everyone')}</option> : null}
            {groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      <Field id={`${PREFIX}kind`} label={t('form.kind')} error={errors.kind}>
        <Select {...form.field('kind')}>
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kinds.${kind}`)}
            </option>
          ))}
        </Select>
      </Field>
    </>
  );
}
