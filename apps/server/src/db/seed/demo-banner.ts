import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows } from '../client.js';

/**
 * Where the demo password lives and what the server prints at start. The password is never
 * printed: it stays in an owner-only file the banner points at, so logs never carry it.
 */

export const DEMO_CREDENTIALS_FILE = 'demo-credentials.txt';
/** How many sign-in emails the banner suggests. */
const BANNER_EMAILS = 3;

export interface DemoCredentials {
  password: string;
  /** Demo members' sign-in emails, the busiest account first. */
  emails: string[];
}

export function demoCredentialsPath(dataDir: string): string {
  return path.join(dataDir, DEMO_CREDENTIALS_FILE);
}

export function writeDemoCredentials(dataDir: string, creds: DemoCredentials): string {
  const file = demoCredentialsPath(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const text = [
    'Glimpse demo accounts (made on the first start of an empty database).',
    'Every demo member signs in with their email and this password:',
    '',
    `password: ${creds.password}`,
    '',
    'emails:',
    ...creds.emails.map((e) => `  ${e}`),
    '',
  ].join('\n');
  // Replaced, not appended: a reseeded database has a new password.
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, text, { mode: 0o600 });
  return file;
}

/** The stored credentials, or null when there is no (readable, well-formed) file. */
export function readDemoCredentials(dataDir: string): DemoCredentials | null {
  let text: string;
  try {
    text = fs.readFileSync(demoCredentialsPath(dataDir), 'utf8');
  } catch {
    return null;
  }
  const password = /^password: (\S+)$/m.exec(text)?.[1];
  if (!password) return null;
  const emails = [...text.matchAll(/^ {2}(\S+@\S+)$/gm)].map((m) => m[1]!);
  return { password, emails };
}

/** The text of the start banner (pure, so tests read exactly what a newcomer reads). */
export function buildDemoBanner(opts: { url: string; emails: string[]; credentialsFile: string }): string {
  const shown = opts.emails.slice(0, BANNER_EMAILS);
  return [
    '',
    `  Glimpse is running at ${opts.url}`,
    '',
    '  Sign in with a demo member, for example:',
    ...shown.map((e) => `    ${e}`),
    `  The password (the same for every demo member) is in ${opts.credentialsFile}`,
    '  (readable only by you). Sign up on the page to make your own account.',
    '',
  ].join('\n');
}

/** The URL a person on this machine opens: PUBLIC_ORIGIN, else localhost on the port. */
export function localUrl(config: AppContext['config']): string {
  if (config.publicOrigin) return config.publicOrigin;
  const wildcard = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(config.host);
  return `http://${wildcard ? 'localhost' : config.host}:${config.port}`;
}

/**
 * The banner when demo data exists: credentials on disk whose emails still belong to members
 * of this database (a member may have changed theirs; a wiped database has none). Null otherwise.
 */
export async function demoBanner(
  ctx: Pick<AppContext, 'config' | 'db'>,
): Promise<{ text: string; url: string; emails: string[]; credentialsFile: string } | null> {
  const creds = readDemoCredentials(ctx.config.dataDir);
  if (!creds || creds.emails.length === 0) return null;
  const wanted = creds.emails.map((e) => e.toLowerCase());
  const rows = await queryRows<{ email: string }>(
    ctx.db,
    sql`SELECT lower(email) AS email FROM users WHERE lower(email) = ANY(${sql.param(wanted)}::text[])`,
  );
  const present = new Set(rows.map((r) => r.email));
  const emails = wanted.filter((e) => present.has(e));
  if (emails.length === 0) return null;
  const file = demoCredentialsPath(ctx.config.dataDir);
  // `data/demo-credentials.txt` reads better than an absolute path when it is under the cwd.
  const relative = path.relative(process.cwd(), file);
  const shown = relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
  const url = localUrl(ctx.config);
  return {
    text: buildDemoBanner({ url, emails, credentialsFile: shown }),
    url,
    emails,
    credentialsFile: shown,
  };
}

/**
 * Shows the banner if there is demo data (main.ts calls this once it listens): as text on a
 * terminal; otherwise as one structured log line, so a log collector reading JSON lines does not
 * get a dozen lines of prose between them.
 */
export async function printDemoBanner(
  ctx: Pick<AppContext, 'config' | 'db'>,
  log: { info(fields: object, message: string): void },
  opts: { terminal?: boolean; print?: (text: string) => void } = {},
): Promise<void> {
  const banner = await demoBanner(ctx);
  if (!banner) return;
  if (opts.terminal ?? process.stdout.isTTY) {
    (opts.print ?? console.log)(banner.text);
    return;
  }
  const shown = banner.emails.slice(0, BANNER_EMAILS);
  log.info(
    { url: banner.url, demoEmails: shown, demoPasswordFile: banner.credentialsFile },
    `Glimpse is running at ${banner.url}; sign in as a demo member (${shown.join(', ')}) with the password in ${banner.credentialsFile}`,
  );
}
