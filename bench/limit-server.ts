// The app as `server/main.ts` starts it (server/boot.ts, no demo data), plus the writes' limits (bench/write-limits.ts) on
// LIMIT_PORT, served from the same process through the app's own database pool.
import { boot } from '../server/boot';
import { serveLimits } from './write-limits';

async function main(): Promise<void> {
  const { config, database, app, close } = await boot();
  const stopLimits = await serveLimits(database, Number(process.env.LIMIT_PORT));
  const stop = async () => {
    await stopLimits();
    await close();
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
