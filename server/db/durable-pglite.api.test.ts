// The embedded database puts every commit on disk before acknowledging it: PostgreSQL runs with fsync on, and its
// syncs reach the host's fsync(2). (A power cut cannot be simulated here; crash.api.test.ts kills the process.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from './client';
import { hostSyncs } from './durable-pglite';

const root = mkdtempSync(join(tmpdir(), 'terroir-durable-'));
let database: Database | null = null;
afterAll(async () => {
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

describe.skipIf(process.env.TEST_DB === 'postgres')('embedded database durability', () => {
  it('runs with fsync on, WAL synced by fsync()', { timeout: 60_000 }, async () => {
    database = await openDatabase({ dataDir: join(root, 'db') });
    const setting = async (name: string) =>
      rowsOf<Record<string, string>>(await database?.db.execute(sql.raw(`show ${name}`)))[0]?.[name];
    expect(await setting('fsync')).toBe('on');
    expect(await setting('wal_sync_method')).toBe('fsync');
  });

  it('syncs to the host disk before a commit is answered', async () => {
    const db = database?.db;
    if (!db) {
      throw new Error('no database');
    }
    await db.execute(sql`create table durable_probe (id serial primary key, v text not null)`);
    for (let i = 0; i < 5; i += 1) {
      const before = hostSyncs.count;
      await db.execute(sql`insert into durable_probe (v) values (${`row ${i}`})`);
      expect(hostSyncs.count).toBeGreaterThan(before);
    }
    // A read-only statement writes no WAL and waits for no disk.
    const before = hostSyncs.count;
    await db.execute(sql`select count(*) from durable_probe`);
    expect(hostSyncs.count).toBe(before);
  });
});
