// What every module is built with: the core (database, event bus, configuration) and the state one app instance
// holds, kept per module and reached only through that module's `held` accessor (server/module.ts).
import type { CoreContext } from './core-context';

export interface AppContext extends CoreContext {
  /** Each module's state on this instance, by the key its `held` accessor owns. */
  readonly held: Map<symbol, unknown>;
}
