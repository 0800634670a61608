// The toast area's code (Radix toast) is not needed to draw the first screen: it loads when the browser is idle
// after start-up, or at once when a toast is raised before that (the store keeps it until the area shows it).
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { useToasts } from '../../lib/toast-store';
import { whenIdle } from '../../lib/when-idle';

// If the chunk cannot be fetched (the connection dropped before it loaded), toasts stay in the store, unseen,
// rather than the failed import taking the whole app down.
const Toaster = lazy(
  (): Promise<{ default: ComponentType }> =>
    import('./toaster').then(
      (m) => ({ default: m.Toaster }),
      () => ({ default: () => null }),
    ),
);

export function LazyToaster() {
  const toasts = useToasts();
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  if (!idle && toasts.length === 0) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
