// Toast state: at most one visible (a new toast replaces the earlier), removal long after dismissal (spec §4, §9).
import { useSyncExternalStore } from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY } from '../../contract/constants';

export interface ToastItem {
  id: string;
  title: string;
  description?: string | undefined;
  variant: 'default' | 'destructive';
  open: boolean;
}

export type ToastAction =
  | { type: 'add'; toast: ToastItem }
  | { type: 'update'; toast: Partial<ToastItem> & { id: string } }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

export function reduceToasts(state: ToastItem[], action: ToastAction): ToastItem[] {
  switch (action.type) {
    case 'add':
      return [action.toast, ...state].slice(0, TOAST_LIMIT);
    case 'update':
      return state.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t));
    case 'dismiss':
      return state.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t));
    case 'remove':
      return action.id === undefined ? [] : state.filter((t) => t.id !== action.id);
  }
}

let state: ToastItem[] = [];
const listeners = new Set<() => void>();
const removals = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(action: ToastAction): void {
  state = reduceToasts(state, action);
  for (const listener of listeners) {
    listener();
  }
}

function scheduleRemoval(id: string): void {
  if (removals.has(id)) {
    return;
  }
  removals.set(
    id,
    setTimeout(() => {
      removals.delete(id);
      dispatch({ type: 'remove', id });
    }, TOAST_REMOVE_DELAY),
  );
}

export function toast(input: {
  title: string;
  description?: string | undefined;
  variant?: 'default' | 'destructive';
}) {
  counter += 1;
  const id = String(counter);
  dispatch({
    type: 'add',
    toast: {
      id,
      title: input.title,
      description: input.description,
      variant: input.variant ?? 'default',
      open: true,
    },
  });
  return id;
}

/** The toast for a refused or failed action: its title, and the error (the server's message, already in the
 * user's language) or a text of our own. */
export function toastError(title: string, error?: Error | string): string {
  return toast({
    title,
    description: typeof error === 'string' ? error : error?.message,
    variant: 'destructive',
  });
}

export function dismissToast(id?: string): void {
  if (id === undefined) {
    for (const t of state) {
      scheduleRemoval(t.id);
    }
  } else {
    scheduleRemoval(id);
  }
  dispatch(id === undefined ? { type: 'dismiss' } : { type: 'dismiss', id });
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
