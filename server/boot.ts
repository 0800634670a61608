// Start-up's common part: configuration → database → migrations → event bus → app, and the way back down. The
// server (main.ts) and the benches' servers start the app alike through it.
import { buildApp } from './app';
import { type Config, loadConfig } from './config';
import type { AppContext, CoreContext } from './context';
import { type Database, openDatabase } from './db/client';
import { EventBus } from './events/bus';
import { prepareDatabase } from './prepare-database';

export interface Booted {
  config: Config;
  database: Database;
  app: Awaited<ReturnType<typeof buildApp>>['app'];
  ctx: AppContext;
  /** Closes the app, then the bus, then the database. */
  close(): Promise<void>;
}

export async function boot(): Promise<Booted> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await prepareDatabase(database);
  const bus = new EventBus(database);
  await bus.start();
  const core: CoreContext = { config, database, db: database.db, bus };
  const { app, ctx } = await buildApp(core);
  const close = async () => {
    await app.close();
    await bus.stop();
    await database.close();
  };
  return { config, database, app, ctx, close };
}
