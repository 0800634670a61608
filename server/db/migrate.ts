// Applies the drizzle-kit migrations at start-up, on PGlite and PostgreSQL alike.
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** An arbitrary constant: several instances starting together migrate one at a time. */
const MIGRATION_LOCK = 7_311_042;

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await migratePg(tx as unknown as NodePgDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
  });
}
