// The title block at the top of every screen (its first paint releases the app's idle work: see when-idle).
import { type ReactNode, useEffect } from 'react';
import { markFirstScreen } from '../../lib/when-idle';

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
}) {
  useEffect(markFirstScreen, []);
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold text-stone-900 md:text-3xl">{title}</h1>
        {description ? <p className="mt-1 text-sm text-stone-600">{description}</p> : null}
      </div>
      {actions}
    </div>
  );
}
