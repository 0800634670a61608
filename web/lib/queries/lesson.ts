// One lesson, in the reader's language (part of the key: switching it reads the lesson again). A module of its own,
// without the Learning Center's write, so that start-up can ask for an opened lesson's text with the screen's code
// (web/features/lessons/api/prefetch.ts) without loading the outbox.
import { queryOptions } from '@tanstack/react-query';
import type { TLesson } from '../../../contract/lessons';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

export const lessonQuery = (slug: string, language: string) =>
  queryOptions({
    queryKey: [...queryRoots.lessons, 'lesson', language, slug],
    queryFn: ({ signal }) => api.get<TLesson>(`/api/lessons/${encodeURIComponent(slug)}`, signal),
  });
