// "Save for offline" for the topic the Learning Center shows: what it would take on the phone before saving, then
// "Saved for offline" with "Remove". Nothing where the browser cannot keep answers (no Cache API).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LessonTopic } from '../../../../contract/lessons-constants';
import { Button } from '../../../components/ui/button';
import { formatNumber } from '../../../lib/format';
import { lessonsQuery } from '../../../lib/queries/lessons';
import { canKeepOffline, topicPaths } from '../offline-lessons';
import { useOfflineTopic } from '../use-offline-topic';

/** Sizes are said in whole kilobytes, rounded up ("about 1 KB" for a few hundred bytes). */
const kilobytes = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));

export function OfflineTopic({ topic }: { topic: LessonTopic }) {
  return canKeepOffline() ? <OfflineTopicPanel topic={topic} /> : null;
}

function OfflineTopicPanel({ topic }: { topic: LessonTopic }) {
  const { t, i18n } = useTranslation('lessons');
  // The topic's whole list (the one the cards show when nothing is searched).
  const lessons = useQuery(lessonsQuery({ topic }, i18n.language));
  const paths = lessons.data
    ? topicPaths(
        topic,
        lessons.data.map((lesson) => lesson.slug),
      )
    : undefined;
  const { kept, size, save, remove } = useOfflineTopic(topic, paths);
  const about = (bytes: number) => t('offline.size', { size: formatNumber(kilobytes(bytes), i18n.language) });
  if (!kept.data || (lessons.data?.length ?? 0) === 0) {
    return null;
  }
  const name = t(`topics.${topic}`);
  return (
    <section
      aria-label={t('offline.label', { topic: name })}
      className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3"
      data-testid="lesson-offline"
    >
      {kept.data.saved ? (
        // Keys: the two buttons are not one that changes colour (it would fade from green to white).
        <div key="saved" className="flex flex-wrap items-center justify-between gap-2">
          <p role="status" className="text-sm font-medium text-brand-900" data-testid="lesson-offline-saved">
            ✓ {t('offline.saved')} · {about(kept.data.bytes)}
          </p>
          <Button variant="secondary" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {t('offline.remove')}
          </Button>
        </div>
      ) : (
        <div key="save" className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-stone-700" data-testid="lesson-offline-size">
            {size.data ? t('offline.willTake', { size: about(size.data) }) : t('offline.explain')}
          </p>
          <Button
            disabled={save.isPending || paths === undefined}
            onClick={() => save.mutate()}
            data-testid="lesson-offline-save"
          >
            {save.isPending ? t('offline.saving') : t('offline.save')}
          </Button>
        </div>
      )}
      {save.isError && !kept.data.saved ? (
        <p role="alert" className="text-sm text-red-700">
          {t('offline.saveFailed')}
        </p>
      ) : null}
    </section>
  );
}
