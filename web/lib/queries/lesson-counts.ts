// What co-operative admins and agents read of their people's lessons (counts, never who) and the reader's choice to
// be counted. Under the lessons' root key, so a lesson read on this phone refreshes them; lesson titles come in the
// reader's language, so the language is part of the counts' keys.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLearningCounts, TLessonPrivacy } from '../../../contract/lesson-counts';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

const countsRoot = [...queryRoots.lessons, 'counts'] as const;

/** A co-operative's admin: how many of its other members opened and finished each lesson. */
export const coopLearningQuery = (groupId: number, language: string) =>
  queryOptions({
    queryKey: [...countsRoot, 'group', groupId, language],
    queryFn: ({ signal }) => api.get<TLearningCounts>(`/api/groups/${groupId}/learning`, signal),
  });

/** An agent: how many of the farmers they represent opened and finished each lesson. */
export const agentLearningQuery = (language: string) =>
  queryOptions({
    queryKey: [...countsRoot, 'agent', language],
    queryFn: ({ signal }) => api.get<TLearningCounts>('/api/agents/learning', signal),
  });

export const lessonPrivacyQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.lessons, 'privacy'],
    queryFn: ({ signal }) => api.get<TLessonPrivacy>('/api/lessons/privacy', signal),
  });

/**
 * The reader's choice, sent at once (not kept on the phone for later: a choice about privacy is shown as made only
 * when the server holds it; the screen offers it online only). The answer is the new state.
 */
export function useSetLessonPrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: TLessonPrivacy) => api.put<TLessonPrivacy>('/api/lessons/privacy', choice),
    onSuccess: (privacy) => queryClient.setQueryData(lessonPrivacyQuery().queryKey, privacy),
  });
}
