// PATCH /api/tasks/:id (done, skipped, reopened, given to a member) through the outbox, optimistic: the lists show
// the change at once, and keep showing it while the write waits on this phone (offline), until the server has it.
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import type { TTask, TTaskUpdate } from '../../../../contract/crop-plans';
import { isPending } from '../../../lib/outbox/outbox-item';
import { useOutbox } from '../../../lib/outbox/use-outbox';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { queryRoots } from '../../../lib/query-keys';
import { useUser } from '../../../lib/session';

const TASK_PATH = /^\/api\/tasks\/(\d+)$/;

const LABELS = {
  done: 'outbox:labels.taskDone',
  skipped: 'outbox:labels.taskSkip',
  open: 'outbox:labels.taskReopen',
} as const;

/** A task's change as the lists show it before the server answers: its status (and who has it, when given). */
export interface TaskChange {
  status?: TTask['status'];
  assigneeId?: number | null;
  /** The day it was done (a task ticked offline was done then, not when it is sent). */
  doneAt?: string;
}

export function applyChange(task: TTask, change: TaskChange | undefined): TTask {
  if (!change) {
    return task;
  }
  return {
    ...task,
    ...(change.status ? { status: change.status } : {}),
    ...(change.assigneeId === undefined || task.assignee?.id === change.assigneeId
      ? {}
      : { assignee: change.assigneeId === null ? null : { id: change.assigneeId, username: '…' } }),
  };
}

/** Every cached list holding tasks (the week's, a plan's), with this task changed. */
function changeCached(client: QueryClient, taskId: number, change: TaskChange) {
  client.setQueriesData<unknown>({ queryKey: queryRoots.crops }, (data: unknown) => {
    if (!data || typeof data !== 'object' || !('tasks' in data) || !Array.isArray(data.tasks)) {
      return data;
    }
    const tasks = data.tasks as TTask[];
    return { ...data, tasks: tasks.map((task) => (task.id === taskId ? applyChange(task, change) : task)) };
  });
}

export function useUpdateTask() {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  const refresh = () =>
    Promise.all(
      [queryRoots.crops, queryRoots.dashboard].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  return useMutation({
    mutationFn: ({ task, change, name }: { task: TTask; change: TaskChange; name: string }) =>
      write<TTask>({
        method: 'PATCH',
        path: `/api/tasks/${task.id}`,
        body: change satisfies TTaskUpdate,
        label: {
          key: change.status ? LABELS[change.status] : 'outbox:labels.taskAssign',
          params: { task: name },
        },
      }),
    onMutate: async ({ task, change }) => {
      await queryClient.cancelQueries({ queryKey: queryRoots.crops });
      changeCached(queryClient, task.id, change);
    },
    onSuccess: settle(refresh),
    // A refusal puts the server's version back.
    onError: refresh,
  });
}

/**
 * The task changes still on this phone (saved offline, being sent), by task id, for the lists to show over what
 * the server last said; when one has been sent, the crop data is read again.
 */
export function useWaitingTaskChanges(): Map<number, TaskChange> {
  const userId = useUser().data?.id ?? null;
  const queryClient = useQueryClient();
  const { items } = useOutbox(userId);
  const waiting = useMemo(() => {
    const changes = new Map<number, TaskChange>();
    for (const item of items) {
      const match = item.method === 'PATCH' && isPending(item) ? TASK_PATH.exec(item.path) : null;
      if (match) {
        const body = item.body as TaskChange;
        changes.set(Number(match[1]), {
          ...changes.get(Number(match[1])),
          ...(body.status ? { status: body.status } : {}),
          ...(body.assigneeId === undefined ? {} : { assigneeId: body.assigneeId }),
        });
      }
    }
    return changes;
  }, [items]);
  const seen = useRef(new Set<number>());
  useEffect(() => {
    const landed = [...seen.current].some((id) => !waiting.has(id));
    seen.current = new Set(waiting.keys());
    if (landed) {
      void queryClient.invalidateQueries({ queryKey: queryRoots.crops });
      void queryClient.invalidateQueries({ queryKey: queryRoots.dashboard });
    }
  }, [waiting, queryClient]);
  return waiting;
}
