// What every module is built with: the database, the event bus and the configuration.
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { EventBus } from './events/bus';

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  bus: EventBus;
}
