/**
 * `npm run admin -- grant <email> admin|moderator` and `npm run admin -- revoke <email> admin|moderator`:
 * gives or takes a role on the configured database (DATABASE_URL, else the embedded one in
 * DATA_DIR). For the first admin of a fresh install ADMIN_EMAILS does the same at sign-in.
 * `npm run admin -- reset-link <email>` prints a one-time password reset link (1 hour) for the
 * administrator to pass on, for servers without SMTP_URL.
 */
import { loadConfig } from './config.js';
import { migrateDatabase, openDatabase } from './db/client.js';
import { createResetLinkByEmail } from './modules/auth/password-reset.service.js';
import { setRoleByEmail, type CliRole } from './modules/moderation/admin.service.js';

const USAGE =
  'Usage: npm run admin -- grant|revoke <email> admin|moderator\n       npm run admin -- reset-link <email>';
const [command, email, role] = process.argv.slice(2);
const isRoleCommand =
  (command === 'grant' || command === 'revoke') && email && (role === 'admin' || role === 'moderator');
const isResetCommand = command === 'reset-link' && email && role === undefined;
if (!isRoleCommand && !isResetCommand) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let code = 0;
try {
  await migrateDatabase(database);
  if (isResetCommand) {
    // Links point where members open the app: PUBLIC_ORIGIN, else this machine's own port.
    const origin = config.publicOrigin ?? `http://localhost:${config.port}`;
    const link = await createResetLinkByEmail(database.db, email, origin);
    if (link === null) {
      console.error(`No member has the email ${email}.`);
      code = 1;
    } else {
      console.log(`One-time password reset link for ${email} (works once, for 1 hour):\n${link}`);
    }
  } else {
    const username = await setRoleByEmail(database.db, {
      email,
      role: role as CliRole,
      grant: command === 'grant',
    });
    if (username === null) {
      console.error(`No member has the email ${email}.`);
      code = 1;
    } else {
      console.log(
        `${command === 'grant' ? 'Granted' : 'Revoked'} ${role} ${command === 'grant' ? 'to' : 'from'} ${username} (${email}).`,
      );
    }
  }
} finally {
  await database.close();
}
process.exit(code);
