// The lessons to read before the event (optional, up to the contract's limit): ticked from the published ones, kept
// folded so the form stays short on a phone. The form keeps the chosen ids as one comma-separated value.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EVENT_LESSONS_MAX } from '../../../../contract/calendar';
import { translateMessage } from '../../../lib/i18n';
import { lessonsQuery } from '../../../lib/queries/lessons';

const idsOf = (chosen: string) => (chosen === '' ? [] : chosen.split(','));

export function LessonsPicker({
  chosen,
  error,
  onChange,
}: {
  chosen: string;
  error: string | undefined;
  onChange: (chosen: string) => void;
}) {
  const { t, i18n } = useTranslation('calendar');
  const lessons = useQuery(lessonsQuery({}, i18n.language));
  const ids = idsOf(chosen);
  const toggle = (id: string, on: boolean) =>
    onChange((on ? [...ids, id] : ids.filter((other) => other !== id)).join(','));
  return (
    <details className="rounded-md border border-stone-200 p-3">
      <summary className="min-h-11 cursor-pointer text-sm font-semibold text-stone-900">
        {t('form.lessons', { count: ids.length })}
      </summary>
      <fieldset className="mt-2 flex flex-col gap-1">
        <legend className="text-xs text-stone-600">
          {t('form.lessonsHint', { max: EVENT_LESSONS_MAX })}
        </legend>
        {lessons.isError ? <p className="text-sm text-red-700">{t('form.lessonsError')}</p> : null}
        {(lessons.data ?? []).map((lesson) => {
          const id = String(lesson.id);
          const on = ids.includes(id);
          return (
            <label key={lesson.id} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={on}
                disabled={!on && ids.length >= EVENT_LESSONS_MAX}
                onChange={(event) => toggle(id, event.target.checked)}
              />
              {lesson.title}
            </label>
          );
        })}
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {translateMessage(t, error)}
        </p>
      ) : null}
    </details>
  );
}
