// A card's list of things (bids, requests, links): a line saying there are none, or rows ruled off from each other,
// each with its title (and badges), its lines of detail and, at its end, its actions.
import type { ReactNode } from 'react';

export function ItemList({ count, empty, children }: { count: number; empty: string; children: ReactNode }) {
  return count === 0 ? (
    <p className="text-sm text-stone-600">{empty}</p>
  ) : (
    <ul className="divide-y divide-stone-200">{children}</ul>
  );
}

export function ItemRow({
  title,
  badges,
  actions,
  testId,
  children,
}: {
  title: ReactNode;
  /** Beside the title, wrapping under it on a narrow screen. */
  badges?: ReactNode;
  /** The row's buttons, at its end (under its text on a narrow screen). */
  actions?: ReactNode;
  testId?: string;
  /** The lines under the title. */
  children?: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid={testId}>
      <div className="text-sm">
        <p
          className={
            badges === undefined
              ? 'font-medium text-stone-900'
              : 'flex flex-wrap items-center gap-2 font-medium text-stone-900'
          }
        >
          {title}
          {badges}
        </p>
        {children}
      </div>
      {actions}
    </li>
  );
}
