// The Learning Center's reads and its one write: published lessons (filtered, or those fitting the reader's crops
// now), one lesson, and the reader's progress in it (opened, finished) through the outbox. Lessons come in the
// reader's language, so the language is part of every key: switching it reads them again.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TLesson, TLessonSummary, ZLessonProgressInput } from '../../../contract/lessons';
import type { LessonTopic } from '../../../contract/lessons-constants';
import { api } from '../api-client';
import { isQueued } from '../outbox/queued-write';
import { useOutboxWrite } from '../outbox/use-outbox-write';
import { queryRoots } from '../query-keys';

/** A search of the published lessons (blank fields left out); `forMe`: those fitting the reader's crop plans now. */
export interface LessonsFilter {
  topic?: LessonTopic | undefined;
  q?: string | undefined;
  forMe?: boolean | undefined;
}

const lessonsRoot = queryRoots.lessons;

export const lessonsQuery = (filter: LessonsFilter, language: string) => {
  const params = new URLSearchParams();
  if (filter.topic) {
    params.set('topic', filter.topic);
  }
  const q = filter.q?.trim();
  if (q) {
    params.set('q', q);
  }
  if (filter.forMe) {
    params.set('for', 'me');
  }
  const search = params.toString();
  return queryOptions({
    queryKey: [...lessonsRoot, 'list', language, search],
    queryFn: ({ signal }) =>
      api
        .get<{ data: TLessonSummary[] }>(search ? `/api/lessons?${search}` : '/api/lessons', signal)
        .then((r) => r.data),
  });
};

// ---- Progress

/**
 * Records that the reader opened (`finished: false`) or finished a lesson. Reading never waits on it: a failure is
 * only logged (the query client's mutation cache does). "Opened" kept on the phone says nothing (the reader did not
 * ask for it); "finished" says it was saved on the phone, as any write the reader asked for does.
 */
export function useLessonProgress(lesson: Pick<TLesson, 'slug' | 'title'>) {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: (input: z.input<typeof ZLessonProgressInput>) =>
      write<null>({
        method: 'POST',
        path: `/api/lessons/${encodeURIComponent(lesson.slug)}/progress`,
        body: input,
        label: {
          key: input.finished ? 'outbox:labels.lessonFinished' : 'outbox:labels.lessonOpened',
          params: { title: lesson.title },
        },
      }),
    onSuccess: (result, input) => {
      const refresh = () => queryClient.invalidateQueries({ queryKey: lessonsRoot });
      return input.finished || !isQueued(result) ? settle(refresh)(result) : undefined;
    },
  });
}
