// The reader's choice about the lessons they read: counted (the default) with the others' for their co-operative's
// admins and their agent, who see counts only, never who read what; or kept to themselves. Changed online only: the
// screen shows a privacy choice as made once the server holds it.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LEARNING_COUNTS_MIN_SHARING } from '../../../../contract/lesson-counts-constants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { mutateThen } from '../../../lib/mutate-then';
import { lessonPrivacyQuery, useSetLessonPrivacy } from '../../../lib/queries/lesson-counts';
import { useIsOnline } from '../../../lib/use-is-online';
import { useResultToasts } from '../hooks/use-result-toasts';
import { CardQueryState } from './card-query-state';

export function LessonPrivacyCard() {
  const { t } = useTranslation('settings');
  const privacy = useQuery(lessonPrivacyQuery());
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('learning.title')}</CardTitle>
        <CardDescription>{t('learning.description', { count: LEARNING_COUNTS_MIN_SHARING })}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {privacy.data ? <SharingChoice shared={privacy.data.shared} /> : <CardQueryState query={privacy} />}
      </CardContent>
    </Card>
  );
}

function SharingChoice({ shared }: { shared: boolean }) {
  const { t } = useTranslation('settings');
  const choose = useSetLessonPrivacy();
  const toasts = useResultToasts();
  const online = useIsOnline();
  // While the choice is on its way, the box shows what was chosen.
  const checked = choose.isPending ? (choose.variables?.shared ?? shared) : shared;
  return (
    <>
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-stone-900">
        <input
          type="checkbox"
          className="h-5 w-5 shrink-0 accent-brand-800"
          checked={checked}
          disabled={!online || choose.isPending}
          data-testid="lesson-privacy-toggle"
          onChange={(event) =>
            mutateThen(
              choose,
              { shared: event.target.checked },
              { onSuccess: () => toasts.done(t('learning.saved')), onError: toasts.failed },
            )
          }
        />
        {t('learning.label')}
      </label>
      <p className="text-sm text-stone-700" aria-live="polite" data-testid="lesson-privacy-state">
        {t(shared ? 'learning.shared' : 'learning.private')}
      </p>
      {online ? null : <p className="text-sm text-stone-600">{t('learning.offline')}</p>}
    </>
  );
}
