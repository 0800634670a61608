// Items that build on earlier ones: `{{item:<id>.<field>}}` in a path or body string becomes that item's result.
import type { OutboxItem } from './outbox-item';

const PLACEHOLDER = /\{\{item:([A-Za-z0-9_-]+)\.([A-Za-z0-9_]+)\}\}/g;
const WHOLE_PLACEHOLDER = /^\{\{item:([A-Za-z0-9_-]+)\.([A-Za-z0-9_]+)\}\}$/;

/** The placeholder a form writes for "the `field` of item `id`'s answer", e.g. a post created offline. */
export function itemRef(id: string, field: string): string {
  return `{{item:${id}.${field}}}`;
}

type Lookup = (id: string) => OutboxItem | undefined;
type Dependent = Pick<OutboxItem, 'path' | 'body' | 'dependsOn'>;

function eachString(value: unknown, visit: (text: string) => void): void {
  if (typeof value === 'string') {
    visit(value);
  } else if (Array.isArray(value)) {
    for (const entry of value) {
      eachString(entry, visit);
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const entry of Object.values(value)) {
      eachString(entry, visit);
    }
  }
}

/** Every earlier item this one needs: its `dependsOn` and whatever its placeholders name. */
export function referencedIds(item: Dependent): string[] {
  const ids = new Set<string>(item.dependsOn ? [item.dependsOn] : []);
  const collect = (text: string) => {
    for (const match of text.matchAll(PLACEHOLDER)) {
      ids.add(match[1] as string);
    }
  };
  collect(item.path);
  eachString(item.body, collect);
  return [...ids];
}

export type DependencyGate = 'ready' | 'wait' | 'refuse';

/**
 * ready: every dependency is sent; wait: one is still on its way; refuse: one was refused or discarded (a
 * missing id is one the user discarded, or another user's, which this user may never build on).
 */
export function dependencyGate(item: Dependent, lookup: Lookup): DependencyGate {
  let gate: DependencyGate = 'ready';
  for (const id of referencedIds(item)) {
    const dependency = lookup(id);
    if (!dependency || dependency.state === 'refused') {
      return 'refuse';
    }
    if (dependency.state !== 'sent') {
      gate = 'wait';
    }
  }
  return gate;
}

function resultField(lookup: Lookup, id: string, field: string): string | number | null {
  const result = lookup(id)?.result;
  if (typeof result !== 'object' || result === null) {
    return null;
  }
  const value = (result as Record<string, unknown>)[field];
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

/**
 * The path and body with every placeholder replaced, or null when a referenced result lacks the field. A body
 * string that is only a placeholder takes the value as is, so a numeric id stays a number for the schema.
 */
export function resolveRequest(item: Dependent, lookup: Lookup): { path: string; body: unknown } | null {
  let missing = false;
  const interpolate = (text: string, encode: (value: string) => string) =>
    text.replace(PLACEHOLDER, (_match, id: string, field: string) => {
      const value = resultField(lookup, id, field);
      missing ||= value === null;
      return encode(String(value));
    });
  const resolveValue = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const whole = WHOLE_PLACEHOLDER.exec(value);
      if (!whole) {
        return interpolate(value, (text) => text);
      }
      const found = resultField(lookup, whole[1] as string, whole[2] as string);
      missing ||= found === null;
      return found;
    }
    if (Array.isArray(value)) {
      return value.map(resolveValue);
    }
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, resolveValue(entry)]));
    }
    return value;
  };
  const path = interpolate(item.path, encodeURIComponent);
  const body = resolveValue(item.body);
  return missing ? null : { path, body };
}
