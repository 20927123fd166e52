import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const SECRET_FILE = 'jwt-secret';

/**
 * The JWT secret: from the environment when given; otherwise (embedded mode) generated on first
 * start and kept in the data directory with owner-only permissions. There is no default secret.
 */
export function resolveJwtSecret(opts: { configured: string | undefined; dataDir: string }): string {
  if (opts.configured) return opts.configured;
  const file = path.join(opts.dataDir, SECRET_FILE);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
