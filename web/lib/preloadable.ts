// A lazily loaded component that renders at once when its chunk has already arrived (React.lazy suspends on first
// render even then: a fallback commit and another render one task later). Start-up preloads the likely screen,
// so the page usually appears in the same render as the frame around it.
import { type ComponentProps, type ComponentType, createElement, lazy, useState } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: any component type, as React.lazy accepts
export function preloadable<T extends ComponentType<any>>(load: () => Promise<T>) {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  const preload = (): Promise<T> => {
    loading ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: a factory like React.lazy, called once at module level
  function Preloadable(props: ComponentProps<T>) {
    // The type is chosen once per mount: switching from `Lazy` to the loaded component on a later render would be a
    // different element type to React, which would unmount the open dialog (its form, and the callbacks of a
    // request in flight) and mount a fresh one.
    const [type] = useState<T | typeof Lazy>(() => loaded ?? Lazy);
    return createElement(type, props);
  }
  return { Component: Preloadable, preload };
}
