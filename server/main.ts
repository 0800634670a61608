// Starts Terroir: configuration → database → migrations → admin and demo data → listen; stops cleanly.
import { buildApp } from './app';
import { ensureAdmin } from './auth/demo-accounts';
import { loadConfig } from './config';
import type { CoreContext } from './context';
import { openDatabase } from './db/client';
import { seedDemo, shouldSeed } from './demo/seed';
import { EventBus } from './events/bus';
import { prepareDatabase } from './prepare-database';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await prepareDatabase(database);
  const bus = new EventBus(database);
  await bus.start();
  const core: CoreContext = { config, database, db: database.db, bus };
  const { app, ctx } = await buildApp(core);
  await ensureAdmin(ctx);
  if (await shouldSeed(ctx)) {
    await seedDemo(ctx);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      return;
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    try {
      await app.close();
      await bus.stop();
      await database.close();
      clearTimeout(timer);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Terroir on http://localhost:${config.port} (${database.kind})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
