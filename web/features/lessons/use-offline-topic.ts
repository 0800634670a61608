// A topic's lessons on this phone, for the Learning Center's "Save for offline": what is kept (read from the cache
// each time: it is the record), what saving would take (asked of the server), and the save and removal.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LessonTopic } from '../../../contract/lessons-constants';
import { queryRoots } from '../../lib/query-keys';
import { measure, removeTopic, saveTopic, topicOnPhone } from './offline-lessons';

const offlineRoot = [...queryRoots.lessons, 'offline'] as const;

export const topicOnPhoneQuery = (topic: LessonTopic) =>
  queryOptions({
    queryKey: [...offlineRoot, 'kept', topic],
    queryFn: () => topicOnPhone(topic),
    // The phone's own cache: read it with or without a network.
    networkMode: 'always',
    staleTime: 0,
  });

export const topicSizeQuery = (paths: readonly string[]) =>
  queryOptions({
    queryKey: [...offlineRoot, 'size', ...paths],
    queryFn: () => measure(paths),
    staleTime: 5 * 60_000,
  });

/** The topic's state on the phone, what saving its `paths` would take, and the two actions. */
export function useOfflineTopic(topic: LessonTopic, paths: readonly string[] | undefined) {
  const queryClient = useQueryClient();
  const kept = useQuery(topicOnPhoneQuery(topic));
  const size = useQuery({
    ...topicSizeQuery(paths ?? []),
    enabled: paths !== undefined && kept.data?.saved === false,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: topicOnPhoneQuery(topic).queryKey });
  const save = useMutation({
    mutationFn: () => saveTopic(paths ?? []),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: () => removeTopic(kept.data?.paths ?? []),
    onSettled: refresh,
  });
  return { kept, size, save, remove };
}
