// The toast area's code (Radix toast) is not needed to draw the first screen: it loads when the browser is idle
// after load, or at once when a toast is raised before that (the store keeps it until the area shows it). If the
// connection is down at that moment, it loads when the connection is back.
import { type ComponentType, Suspense, useEffect, useState } from 'react';
import { useToasts } from '../../lib/toast-store';
import { whenIdle } from '../../lib/when-idle';

let loaded: ComponentType | null = null;

export function LazyToaster() {
  const toasts = useToasts();
  const [idle, setIdle] = useState(false);
  const [Toaster, setToaster] = useState<ComponentType | null>(() => loaded);
  useEffect(() => whenIdle(() => setIdle(true), { pauseMs: 0 }), []);
  const wanted = idle || toasts.length > 0;

  useEffect(() => {
    if (!wanted || Toaster) {
      return;
    }
    let active = true;
    const load = () =>
      import('./toaster').then(
        (m) => {
          loaded = m.Toaster;
          if (active) {
            setToaster(() => m.Toaster);
          }
        },
        () => window.addEventListener('online', load, { once: true }),
      );
    void load();
    return () => {
      active = false;
      window.removeEventListener('online', load);
    };
  }, [wanted, Toaster]);

  return Toaster ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
