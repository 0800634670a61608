// The app as `server/main.ts` starts it (no demo data), plus the writes' limits (bench/write-limits.ts) on
// LIMIT_PORT, served from the same process through the app's own database pool.
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { CoreContext } from '../server/context';
import { openDatabase } from '../server/db/client';
import { EventBus } from '../server/events/bus';
import { prepareDatabase } from '../server/prepare-database';
import { serveLimits } from './write-limits';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await prepareDatabase(database);
  const bus = new EventBus(database);
  await bus.start();
  const core: CoreContext = { config, database, db: database.db, bus };
  const { app } = await buildApp(core);
  const stopLimits = await serveLimits(database, Number(process.env.LIMIT_PORT));
  const stop = async () => {
    await stopLimits();
    await app.close();
    await bus.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
