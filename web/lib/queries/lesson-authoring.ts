// Writing and reviewing lessons: the working copies the caller may see (and whether they may write), one working
// copy, a lesson's published versions, the experts a manager names; and the writes that move a lesson along
// (create, save, submit, review). Authoring is online work (a writer at a desk or an agent with a signal): writes
// go straight to the server, and a failure is said at once instead of being kept on the phone.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  TLessonDraft,
  TLessonDraftList,
  TLessonReviewInput,
  ZLessonExperts,
  ZLessonVersions,
} from '../../../contract/lesson-authoring';
import type { TLessonContent, TLessonPatch } from '../../../contract/lessons';
import type { TDirectoryUser } from '../../../contract/users';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

// Under the lessons' root: publishing a lesson refreshes the Learning Center's lists along with these.
const authoringRoot = [...queryRoots.lessons, 'authoring'] as const;
const path = (slug: string) => `/api/lessons/${encodeURIComponent(slug)}`;

export const lessonDraftsQuery = () =>
  queryOptions({
    queryKey: [...authoringRoot, 'drafts'],
    queryFn: ({ signal }) => api.get<TLessonDraftList>('/api/lesson-drafts', signal),
  });

export const lessonDraftQuery = (slug: string) =>
  queryOptions({
    queryKey: [...authoringRoot, 'draft', slug],
    queryFn: ({ signal }) => api.get<TLessonDraft>(`${path(slug)}/draft`, signal),
  });

export const lessonVersionsQuery = (slug: string) =>
  queryOptions({
    queryKey: [...authoringRoot, 'versions', slug],
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof ZLessonVersions>>(`${path(slug)}/versions`, signal).then((r) => r.data),
  });

export const lessonExpertsQuery = () =>
  queryOptions({
    queryKey: [...authoringRoot, 'experts'],
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof ZLessonExperts>>('/api/lesson-experts', signal).then((r) => r.data),
  });

/** The directory's users whose name matches (a manager naming an expert). */
export const expertCandidatesQuery = (search: string) =>
  queryOptions({
    queryKey: [...queryRoots.users, 'lesson-expert-candidates', search],
    queryFn: ({ signal }) =>
      api.get<TDirectoryUser[]>(`/api/users?search=${encodeURIComponent(search)}`, signal),
    enabled: search.length > 0,
  });

// ---- Writes

/** Every write answers the working copy: it becomes the cached one, and the lists are read again. */
function useDraftWrite<TInput>(send: (input: TInput) => Promise<TLessonDraft>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (draft) => {
      queryClient.setQueryData(lessonDraftQuery(draft.slug).queryKey, draft);
      return queryClient.invalidateQueries({ queryKey: queryRoots.lessons });
    },
  });
}

export const useCreateLesson = () =>
  useDraftWrite((content: TLessonContent) => api.post<TLessonDraft>('/api/lessons', content));

export const useSaveLesson = (slug: string) =>
  useDraftWrite((patch: TLessonPatch) => api.patch<TLessonDraft>(path(slug), patch));

export const useSubmitLesson = (slug: string) =>
  useDraftWrite(() => api.post<TLessonDraft>(`${path(slug)}/submit`));

export const useReviewLesson = (slug: string) =>
  useDraftWrite((review: TLessonReviewInput) => api.post<TLessonDraft>(`${path(slug)}/review`, review));

/** Names (`named: true`) or removes an expert. */
export function useLessonExpert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, named }: { userId: number; named: boolean }) =>
      named
        ? api.put<null>(`/api/lesson-experts/${userId}`, undefined)
        : api.delete<null>(`/api/lesson-experts/${userId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lessonExpertsQuery().queryKey }),
  });
}
