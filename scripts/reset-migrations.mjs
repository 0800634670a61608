// Regenerates the migrations as one `init` from every schema file. Only while Terroir is unreleased:
// once a database exists that must be kept, add migrations with `npm run db:generate` instead.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

rmSync('server/db/migrations', { recursive: true, force: true });
const result = spawnSync(
  process.execPath,
  ['node_modules/drizzle-kit/bin.cjs', 'generate', '--name', 'init'],
  {
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
