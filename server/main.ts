// Starts Terroir: configuration → database → migrations → app (boot.ts) → admin and demo data → listen; stops
// cleanly.
import { ensureAdmin } from './auth/demo-accounts';
import { boot } from './boot';
import { seedDemo, shouldSeed } from './demo/seed';

async function main(): Promise<void> {
  const { config, database, app, ctx, close } = await boot();
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
      await close();
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
