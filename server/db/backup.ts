// Backup and restore of the embedded database folder (PostgreSQL deployments use pg_dump / pg_restore).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDurablePglite } from './durable-pglite';

/** PGlite writes postmaster.pid while open and removes it on a clean close. */
export function isInUse(dataDir: string): boolean {
  return existsSync(join(dataDir, 'postmaster.pid'));
}

export async function backupEmbedded(dataDir: string, file: string): Promise<number> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    throw new Error(`No embedded database in ${dataDir}`);
  }
  const db = await openDurablePglite(dataDir);
  try {
    const dump = await db.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    writeFileSync(file, bytes);
    return bytes.length;
  } finally {
    await db.close();
  }
}

/** Restores into `dataDir`; an existing database there is moved aside, never deleted. Returns where it went. */
export async function restoreEmbedded(file: string, dataDir: string): Promise<string | null> {
  const dump = new Blob([readFileSync(file)]);
  let movedTo: string | null = null;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    movedTo = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dataDir, movedTo);
  }
  mkdirSync(dataDir, { recursive: true });
  const db = await openDurablePglite(dataDir, { loadDataDir: dump });
  try {
    await db.query('select 1');
  } finally {
    await db.close();
  }
  return movedTo;
}
