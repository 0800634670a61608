// Whole seconds left until a moment (epoch milliseconds), ticking each second until it comes (a button's countdown).
import { useEffect, useState } from 'react';

export function useSecondsUntil(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (deadline <= Date.now()) {
      return;
    }
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= deadline) {
        clearInterval(timer);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}
