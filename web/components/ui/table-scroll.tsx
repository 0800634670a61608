// The box a wide table sits in: on a phone narrower than the table, the table scrolls sideways inside it and the
// page stays put.
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * A named, focusable region (a keyboard user scrolls it with the arrow keys once it has focus, and a screen reader
 * announces it by `label`: the table's caption).
 */
export function TableScroll({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
      tabIndex={0}
      className={cn(
        'max-w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-700',
        className,
      )}
    >
      {children}
    </section>
  );
}
