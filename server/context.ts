// What every module is built with: the core (database, event bus, configuration) and the state one app instance
// holds, kept per module and reached only through that module's `held` accessor (server/module.ts).
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { EventBus } from './events/bus';

/** What every part of an app instance is built on: the configuration, the database and the event bus. */
export interface CoreContext {
  config: Config;
  database: Database;
  db: Db;
  bus: EventBus;
}

export interface AppContext extends CoreContext {
  /** Each module's state on this instance, by the key its `held` accessor owns. */
  readonly held: Map<symbol, unknown>;
}
