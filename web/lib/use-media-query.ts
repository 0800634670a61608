// Whether a CSS media query matches now, following changes (e.g. the md breakpoint when a phone turns).
import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Tailwind's md breakpoint: the sidebar is fixed and lists are tables from here. */
export const MD_UP = '(min-width: 48rem)';
