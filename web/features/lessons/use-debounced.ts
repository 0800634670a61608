// A typed search settles before it is sent: one request per pause in typing, not per key. (The groups feature has
// the same hook; features do not import each other, so it waits to move to web/lib.)
import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
