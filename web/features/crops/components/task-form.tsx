// The farmer's own task (a title, a day, who does it, a note): on a plan's page (on that plan) or from "This week"
// (on the farm picked). Sent through the outbox as the screen's other writes.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DialogFormButtons } from '../../../components/entity-dialog';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { localDay } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast, toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { membersQuery } from '../api/keys';
import { useCreateTask } from '../api/write-plans';
import { ZTaskForm } from '../forms';

export function TaskForm({
  farmId,
  planId,
  onDone,
}: {
  farmId: number;
  planId: number | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('crops');
  const create = useCreateTask(farmId);
  const members = useQuery(membersQuery(farmId));
  const form = useZodForm(
    ZTaskForm,
    { title: '', due: localDay(), assigneeId: '', note: '' },
    { idPrefix: 'task-' },
  );
  const { errors } = form;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) =>
        mutateThen(
          create,
          { ...values, planId },
          {
            onSuccess: (result) => {
              if (!isQueued(result)) {
                toast({ title: t('newTask.done') });
              }
              onDone();
            },
            onError: (error) => toastError(t('newTask.failed'), error),
          },
        ),
      )}
    >
      <Field id="task-title" label={t('newTask.name')} error={errors.title}>
        <Input placeholder={t('newTask.namePlaceholder')} {...form.field('title')} />
      </Field>
      <Field id="task-due" label={t('newTask.due')} error={errors.due}>
        <Input type="date" {...form.field('due')} />
      </Field>
      <Field id="task-assigneeId" label={t('newTask.assignee')} error={errors.assigneeId}>
        <Select {...form.field('assigneeId')}>
          <option value="">{t('newTask.nobody')}</option>
          {(members.data ?? []).map((member) => (
            <option key={member.userId} value={String(member.userId)}>
              {member.username}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="task-note" label={t('newTask.note')} error={errors.note}>
        <Textarea rows={3} {...form.field('note')} />
      </Field>
      <DialogFormButtons cancel={t('form.cancel')} submit={t('newTask.save')} pending={create.isPending} />
    </form>
  );
}
