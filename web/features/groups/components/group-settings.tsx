// A group's Settings tab, for its admins: what describes it and, for a co-operative, its rule (levy, transport per
// ton, the grades' price differentials in the local currency). Only the fields changed are sent.
import { useTranslation } from 'react-i18next';
import type { TGroup } from '../../../../contract/groups';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { useUpdateGroup } from '../../../lib/queries/groups';
import { toast, toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { groupSettingsForm, groupSettingsValues } from '../forms';
import { GROUP_FORM_NAMESPACES, GroupFields } from './group-fields';

export function GroupSettings({ group }: { group: TGroup }) {
  const { t, i18n } = useTranslation(GROUP_FORM_NAMESPACES);
  const update = useUpdateGroup(group);
  const form = useZodForm(groupSettingsForm(group), groupSettingsValues(group, i18n.language), {
    idPrefix: 'settings-',
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.title')}</CardTitle>
        <CardDescription>{t(`settings.description.${group.kind}`)}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={form.handleSubmit((patch) => {
            if (Object.keys(patch).length === 0) {
              toast({ title: t('settings.unchanged') });
              return;
            }
            mutateThen(update, patch, {
              onSuccess: (result) => (isQueued(result) ? undefined : toast({ title: t('settings.saved') })),
              onError: (error) => toastError(t('settings.failed'), error),
            });
          })}
        >
          <GroupFields form={form} kind={group.kind} />
          <div className="flex justify-end">
            <Button type="submit" disabled={update.isPending}>
              {t('settings.submit')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
