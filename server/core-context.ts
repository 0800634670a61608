// What every part of an app instance is built on: the configuration, the database and the event bus.
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { EventBus } from './events/bus';

export interface CoreContext {
  config: Config;
  database: Database;
  db: Db;
  bus: EventBus;
}
