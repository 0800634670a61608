// Whether an element has come near the viewport (it stays true after): parts below the fold that are costly to
// load or draw, such as charts, wait until the user scrolls towards them.
import { type RefObject, useEffect, useRef, useState } from 'react';

export function useNearViewport<T extends Element>(margin = '200px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const node = ref.current;
    if (near || !node) {
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
        }
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near];
}
