// Hooks that concern only some routes, attached to those routes as they are declared: a read answered from memory
// then pays for no hook it has no use for (each async hook is a promise and a turn of the microtask queue).
import type { FastifyInstance, RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preHandler' | 'onSend' | 'onResponse';
// biome-ignore lint/suspicious/noExplicitAny: Fastify's hook types differ per hook name; each caller passes its own.
type Hook = (...args: any[]) => unknown;

/** Hooks this module put on each route, per hook name: the next goes after them and before the route's own. */
const placed = new WeakMap<object, Partial<Record<HookName, number>>>();

/** Runs `hook` on every route declared from now on for which `applies` holds, as a global hook would have run. */
export function addRouteHook(
  app: FastifyInstance,
  name: HookName,
  applies: (route: RouteOptions) => boolean,
  hook: Hook,
): void {
  app.addHook('onRoute', (route) => {
    if (!applies(route)) {
      return;
    }
    const existing = route[name] as Hook | Hook[] | undefined;
    const hooks = existing === undefined ? [] : Array.isArray(existing) ? [...existing] : [existing];
    const counts = placed.get(route) ?? {};
    const at = counts[name] ?? 0;
    hooks.splice(at, 0, hook);
    counts[name] = at + 1;
    placed.set(route, counts);
    (route as Record<HookName, unknown>)[name] = hooks;
  });
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a request's method changes state: POST, PUT, PATCH or DELETE. */
export function isWriteMethod(method: string): boolean {
  return UNSAFE.has(method);
}

/** Whether a route changes state (its method, or one of them, is a write method). */
export function isWriteRoute(route: RouteOptions): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.some(isWriteMethod);
}
