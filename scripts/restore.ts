// npm run restore FILE: replaces the embedded database with a backup (stop the server first).
import { loadConfig } from '../server/config';
import { isInUse, restoreEmbedded } from '../server/db/backup';

const config = loadConfig();
const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (config.databaseUrl) {
  console.error(
    'DATABASE_URL is set: restore PostgreSQL with pg_restore, e.g. pg_restore -d "$DATABASE_URL" --clean terroir.dump',
  );
  process.exit(1);
}
if (!file) {
  console.error('usage: npm run restore -- FILE');
  process.exit(2);
}
if (isInUse(config.dataDir) && !process.argv.includes('--force')) {
  console.error(`The database in ${config.dataDir} is open (server running?). Stop the server first.`);
  process.exit(1);
}
const movedTo = await restoreEmbedded(file, config.dataDir);
console.log(
  `Restored ${file} into ${config.dataDir}${movedTo ? ` (the previous database is kept in ${movedTo})` : ''}`,
);
