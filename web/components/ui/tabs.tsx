// Tabs after the WAI-ARIA tabs pattern, as Radix Tabs drew them (~9 KB gzip of Radix on four screens' first load):
// a tablist whose tabs take arrow keys, Home and End (focus moves and selects, wrapping round), one tab stop (the
// selected tab), and each panel labelled by its tab and drawn only while selected. A value that names no tab (a
// stale link, a tab gone for this role) selects the first one. Callers pass only layout classes.
import {
  Children,
  type ComponentProps,
  createContext,
  isValidElement,
  type KeyboardEvent,
  type ReactNode,
  useContext,
  useId,
  useState,
} from 'react';
import { cn } from '../../lib/cn';

interface TabsState {
  value: string | undefined;
  select: (value: string) => void;
  baseId: string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) {
    throw new Error('Tabs parts must be inside <Tabs>');
  }
  return state;
}

const idOf = (baseId: string, part: 'trigger' | 'content', value: string) => `${baseId}-${part}-${value}`;

export function Tabs({
  value,
  defaultValue,
  onValueChange,
  className,
  children,
  ...props
}: Omit<ComponentProps<'div'>, 'defaultValue'> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  children: ReactNode;
}) {
  const [own, setOwn] = useState(defaultValue);
  const baseId = useId();
  const current = selectedValue(value ?? own, triggerValues(children));
  const select = (next: string) => {
    if (next === current) {
      return;
    }
    if (value === undefined) {
      setOwn(next);
    }
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ value: current, select, baseId }}>
      <div data-orientation="horizontal" className={cn('flex flex-col gap-4', className)} {...props}>
        {children}
      </div>
    </TabsContext.Provider>
  );
}

/**
 * The values of the triggers among `children`, in order, found in the element tree as callers write it (inside
 * TabsList, directly or mapped). Read while rendering, so the first paint (and a server render) already shows the
 * fallback tab rather than an empty panel.
 */
function triggerValues(children: ReactNode): string[] {
  const values: string[] = [];
  const walk = (nodes: ReactNode) => {
    Children.forEach(nodes, (node) => {
      if (!isValidElement<{ value?: unknown; children?: ReactNode }>(node)) {
        return;
      }
      if (node.type === TabsTrigger && typeof node.props.value === 'string') {
        values.push(node.props.value);
      } else {
        walk(node.props.children);
      }
    });
  };
  walk(children);
  return values;
}

/** The value itself when a tab has it; otherwise the first tab (none found: the value as given). */
function selectedValue(value: string | undefined, values: string[]): string | undefined {
  if (values.length === 0 || (value !== undefined && values.includes(value))) {
    return value;
  }
  return values[0];
}

const KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/** Arrow keys, Home and End move focus between the tabs (focusing a tab selects it). */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const move = KEYS[event.key];
  if (!move || event.altKey || event.ctrlKey || event.metaKey) {
    return;
  }
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const index = tabs.indexOf(event.target as HTMLButtonElement);
  if (index === -1 || tabs.length === 0) {
    return;
  }
  event.preventDefault();
  tabs[move(index, tabs.length)]?.focus();
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cn('w-full gap-1 rounded-lg bg-stone-100 p-1', className)}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) {
          moveFocus(event);
        }
      }}
      {...props}
    />
  );
}

export function TabsTrigger({
  value,
  className,
  onFocus,
  onClick,
  ...props
}: Omit<ComponentProps<'button'>, 'value'> & { value: string }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={idOf(tabs.baseId, 'trigger', value)}
      aria-selected={active}
      aria-controls={idOf(tabs.baseId, 'content', value)}
      data-state={active ? 'active' : 'inactive'}
      data-orientation="horizontal"
      tabIndex={active ? 0 : -1}
      className={cn(
        'inline-flex shrink-0 items-center justify-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium text-stone-700',
        'hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-brand-700',
        'data-[state=active]:bg-white data-[state=active]:text-stone-900 data-[state=active]:shadow-sm',
        className,
      )}
      onFocus={(event) => {
        onFocus?.(event);
        tabs.select(value);
      }}
      onClick={(event) => {
        onClick?.(event);
        tabs.select(value);
      }}
      {...props}
    />
  );
}

export function TabsContent({
  value,
  className,
  children,
  ...props
}: Omit<ComponentProps<'div'>, 'value'> & { value: string }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <div
      role="tabpanel"
      id={idOf(tabs.baseId, 'content', value)}
      aria-labelledby={idOf(tabs.baseId, 'trigger', value)}
      data-state={active ? 'active' : 'inactive'}
      data-orientation="horizontal"
      hidden={!active}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern puts a panel in the tab order
      tabIndex={0}
      className={cn('focus-visible:outline-2 focus-visible:outline-brand-700', className)}
      {...props}
    >
      {active ? children : null}
    </div>
  );
}
