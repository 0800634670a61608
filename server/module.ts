// What a module declares about itself (its `index.ts` exports one of these), and the two ways modules meet without
// importing upward: state an instance holds, built from the context, and hooks a lower module declares for a
// higher one to fill. `server/modules.ts` lists the modules; `server/app.ts` builds an instance from that list.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppContext } from './context';

export interface ModuleDefinition {
  /** The module's folder under `server/`. */
  readonly name: string;
  /** Request hooks that must run before every route (sessions, farm access), installed in list order. */
  readonly install?: (app: FastifyInstance, ctx: AppContext) => void;
  /** The module's route plugins on one app instance; each route declares its access (`config.access`). */
  readonly routes?: readonly ((ctx: AppContext) => FastifyPluginAsync)[];
  /** Hooks of lower modules this module fills (see `hook`), set before any route runs. */
  readonly fills?: readonly Filling[];
  /** Work that runs beside the requests (queue workers), started once the routes are in. */
  readonly start?: (ctx: AppContext) => void;
  /** Stops what `start` started and lets go of what the module holds, when the instance closes. */
  readonly stop?: (ctx: AppContext) => Promise<void> | void;
}

// ---- State an instance holds ----

/**
 * A module's state on one app instance (a cache, a worker), built from that instance's context the first time it is
 * asked for and the same object for every later ask. The owner module exports the accessor from its `index.ts`.
 */
export interface Held<S> {
  of(ctx: AppContext): S;
}

export function held<S>(name: string, build: (ctx: AppContext) => S): Held<S> {
  const key = Symbol(name);
  return {
    of(ctx) {
      if (!ctx.held.has(key)) {
        ctx.held.set(key, build(ctx));
      }
      return ctx.held.get(key) as S;
    },
  };
}

// ---- Hooks between modules ----

/**
 * A step a lower module needs from a higher one (the orders a finance report counts, a profile's sales): the lower
 * module declares the hook and calls it; the higher module fills it in its definition (`fills`). One filler each;
 * calling a hook nobody filled is a wiring fault and throws with the hook's name.
 */
export interface Hook<F extends (...args: never[]) => unknown> {
  readonly name: string;
  call(...args: Parameters<F>): ReturnType<F>;
  fill(implementation: F): Filling;
}

export interface Filling {
  readonly hook: string;
  apply(): void;
}

const declared: string[] = [];

/** Every hook declared so far (by the modules imported), for the test that each has a filler. */
export function declaredHooks(): readonly string[] {
  return declared;
}

export function hook<F extends (...args: never[]) => unknown>(name: string): Hook<F> {
  declared.push(name);
  let implementation: F | null = null;
  return {
    name,
    call(...args) {
      if (implementation === null) {
        throw new Error(`hook ${name} has no filler: add its module to server/modules.ts`);
      }
      return implementation(...args) as ReturnType<F>;
    },
    fill(filler) {
      return {
        hook: name,
        apply() {
          implementation = filler;
        },
      };
    },
  };
}
