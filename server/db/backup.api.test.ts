import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupEmbedded, isInUse, restoreEmbedded } from './backup';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';
import { users } from './schema';

const root = mkdtempSync(join(tmpdir(), 'terroir-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.skipIf(process.env.TEST_DB === 'postgres')('embedded backup and restore', () => {
  it('restores a backup that serves the same data, keeping what was there before', {
    timeout: 60_000,
  }, async () => {
    const source = join(root, 'source');
    const db = await openDatabase({ dataDir: source });
    await migrateDatabase(db);
    await db.db
      .insert(users)
      .values({ username: 'Backed', usernameKey: 'backed', passwordHash: 'x', role: 'farmer' });
    expect(isInUse(source)).toBe(true);
    await db.close();
    expect(isInUse(source)).toBe(false);

    const file = join(root, 'backup.tar.gz');
    expect(await backupEmbedded(source, file)).toBeGreaterThan(0);

    const target = join(root, 'target');
    const scratch = await openDatabase({ dataDir: target });
    await scratch.close();
    const movedTo = await restoreEmbedded(file, target);
    expect(movedTo).toContain('target.before-restore-');

    const restored = await openDatabase({ dataDir: target });
    const rows = await restored.db.select({ username: users.username }).from(users);
    await restored.close();
    expect(rows).toEqual([{ username: 'Backed' }]);
  });
});
