// "Create a group": its kind first (a co-operative's rule appears with it), then what describes it. The creator
// becomes its admin; a co-operative gets its own account on the marketplace.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { GROUP_KINDS, type GroupKind } from '../../../../contract/groups';
import { DialogFormButtons } from '../../../components/entity-dialog';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/input';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { useCreateGroup } from '../../../lib/queries/groups';
import { toast, toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { emptyGroupForm, groupForm } from '../forms';
import { GROUP_FORM_NAMESPACES, GroupFields } from './group-fields';

export function CreateGroupForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(GROUP_FORM_NAMESPACES);
  const [, navigate] = useLocation();
  const create = useCreateGroup();
  // The rules follow the kind chosen: a discussion group's hidden rule fields are neither read nor checked.
  const [kind, setKind] = useState<GroupKind>('discussion');
  const form = useZodForm(groupForm(kind), emptyGroupForm(), { idPrefix: 'group-' });
  const kindField = form.field('kind');
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((input) =>
        mutateThen(create, input, {
          onSuccess: (result) => {
            onDone();
            if (!isQueued(result)) {
              toast({ title: t('create.created', { name: result.name }) });
              navigate(`/groups/${result.id}`);
            }
          },
          onError: (error) => toastError(t('create.failed'), error),
        }),
      )}
    >
      <Field
        id="group-kind"
        label={t('form.kind')}
        error={form.errors.kind}
        hint={t(`form.kindHint.${kind}`)}
      >
        <Select
          {...kindField}
          onChange={(event) => {
            setKind(event.target.value === 'cooperative' ? 'cooperative' : 'discussion');
            kindField.onChange(event);
          }}
        >
          {GROUP_KINDS.map((value) => (
            <option key={value} value={value}>
              {t(`kind.${value}`)}
            </option>
          ))}
        </Select>
      </Field>
      <GroupFields form={form} kind={kind} />
      <DialogFormButtons cancel={t('form.cancel')} submit={t('create.submit')} pending={create.isPending} />
    </form>
  );
}
