import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { EmbeddedPostgresError } from '../db/embedded-postgres.js';
import { createBackup } from './backup.js';
import { RestoreRefused, restoreBackup } from './restore.js';

/**
 * `npm run backup -- <file>` and `npm run restore -- <file> [--force]`, with the server's own
 * configuration (DATABASE_URL or DATA_DIR, MEDIA_STORE and S3_*): docs/DEPLOY.md, "Backups".
 */
const USAGE = `Usage:
  npm run backup -- <file>             write a backup of this instance (it may be running)
  npm run restore -- <file> [--force]  restore one into an empty DATA_DIR / database (stop the server first);
                                       --force replaces the data that is there`;

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const force = rest.includes('--force');
  const files = rest.filter((a) => a !== '--force');
  if (
    (command !== 'backup' && command !== 'restore') ||
    files.length !== 1 ||
    (force && command === 'backup')
  ) {
    console.error(USAGE);
    process.exit(2);
  }
  // npm runs workspace scripts in the workspace's folder: a relative path means the caller's.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0]!);
  const config = loadConfig();
  const log = (message: string) => console.error(message);
  if (command === 'backup') await createBackup({ config, file, log });
  else await restoreBackup({ config, file, force, log });
}

main().catch((err: unknown) => {
  const forPerson =
    err instanceof RestoreRefused || err instanceof ConfigError || err instanceof EmbeddedPostgresError;
  console.error(forPerson ? (err as Error).message : err);
  process.exit(1);
});
