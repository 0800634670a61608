// npm run backup [FILE]: copies the embedded database (stop the server first) into a .tar.gz file.
import { loadConfig } from '../server/config';
import { backupEmbedded, isInUse } from '../server/db/backup';

const config = loadConfig();
if (config.databaseUrl) {
  console.error(
    'DATABASE_URL is set: back up PostgreSQL with pg_dump, e.g. pg_dump -Fc "$DATABASE_URL" > terroir.dump',
  );
  process.exit(1);
}
const force = process.argv.includes('--force');
const file =
  process.argv.slice(2).find((a) => !a.startsWith('--')) ??
  `terroir-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
if (isInUse(config.dataDir) && !force) {
  console.error(
    `The database in ${config.dataDir} is open (server running?). Stop the server first, or pass --force after a crash.`,
  );
  process.exit(1);
}
const bytes = await backupEmbedded(config.dataDir, file);
console.log(`Backed up ${config.dataDir} to ${file} (${(bytes / 1024).toFixed(0)} KB)`);
