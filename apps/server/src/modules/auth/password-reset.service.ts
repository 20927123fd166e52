import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  ACCOUNT_MSG,
  MAIL_MSG,
  MSG,
  PASSWORD_RESET_CONFIRMS_PER_ADDRESS,
  PASSWORD_RESET_PER_ACCOUNT,
  PASSWORD_RESET_PER_ADDRESS,
  PASSWORD_RESET_TTL_MS,
  PASSWORD_RESET_WINDOW_MS,
  type MessageAnswer,
  type PasswordResetBody,
  type PasswordResetConfirmBody,
} from '@glimpse/shared';
import type { AppContext, Db, DbOrTx } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { sha256Hex } from '../../lib/totp.js';
import { createWorkQueue, type WorkQueue } from '../../lib/work-queue.js';
import { findUserByEmail, updateUser } from '../users/users.repo.js';
import { claimPasswordReset, deletePasswordResets, insertPasswordReset } from './password-reset.repo.js';
import { endSessions } from './sessions.js';

/** Reset mails being prepared or sent at once per app (SMTP round trips, not CPU). */
const MAIL_CONCURRENCY = 2;

interface MailJobs {
  queue: WorkQueue;
  pending: Set<Promise<void>>;
}
const mailJobs = new WeakMap<AppContext, MailJobs>();

function jobsOf(ctx: AppContext): MailJobs {
  let jobs = mailJobs.get(ctx);
  if (!jobs) {
    jobs = { queue: createWorkQueue(MAIL_CONCURRENCY), pending: new Set() };
    mailJobs.set(ctx, jobs);
  }
  return jobs;
}

/** Waits for the reset mails still queued (shutdown: they read the database before it closes). */
export async function drainPasswordResetMail(ctx: AppContext): Promise<void> {
  await Promise.all([...(mailJobs.get(ctx)?.pending ?? [])]);
}

/**
 * A one-time reset link for the member: the token is 32 random bytes, and only its SHA-256 is
 * stored, so the table holds no working link. Also used by `npm run admin -- reset-link`.
 */
export async function createResetLink(db: DbOrTx, userId: string, origin: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertPasswordReset(db, {
    tokenHash: sha256Hex(token),
    userId,
    expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
  });
  return `${origin}/reset-password?token=${token}`;
}

/** The admin CLI's `reset-link <email>`: a link for the member with that email, or null. */
export async function createResetLinkByEmail(db: Db, email: string, origin: string): Promise<string | null> {
  const user = await findUserByEmail(db, email);
  return user ? createResetLink(db, user.id, origin) : null;
}

function tooMany(resetInMs: number): AppError {
  return new AppError('RATE_LIMITED', MSG.rateLimited, {
    retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)),
  });
}

/** The background half of a request: only here does it matter whether an account uses the email. */
async function mailResetLink(ctx: AppContext, email: string, origin: string, log: FastifyBaseLogger) {
  try {
    const user = await findUserByEmail(ctx.db, email);
    if (!user) return;
    const link = await createResetLink(ctx.db, user.id, origin);
    await ctx.mail.send({
      to: user.email,
      subject: MAIL_MSG.resetSubject,
      text: MAIL_MSG.resetText(user.displayName || user.username, link),
    });
    ctx.metrics.mailsSent.inc();
  } catch (err) {
    ctx.metrics.mailFailures.inc();
    log.error({ err }, 'password reset mail could not be sent');
  }
}

/**
 * POST /api/auth/password-reset. The answer (202, one text) and the work on the request's path
 * are the same whether or not an account uses the email: the limits are counted per address and
 * per email (so per account) in the same way for both, and looking the member up, writing the link
 * and talking to the SMTP server happen after the answer, in a queue, where their time cannot be
 * measured by the caller.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  body: PasswordResetBody,
  opts: { ip: string; origin: string; log: FastifyBaseLogger },
): Promise<MessageAnswer> {
  if (!ctx.mail.enabled) throw new AppError('MAIL_UNAVAILABLE');
  const email = body.email.toLowerCase();
  const [address, account] = await Promise.all([
    ctx.rateLimiter.attempt(`reset:address:${opts.ip}`, PASSWORD_RESET_WINDOW_MS),
    ctx.rateLimiter.attempt(`reset:email:${email}`, PASSWORD_RESET_WINDOW_MS),
  ]);
  if (address.count > PASSWORD_RESET_PER_ADDRESS) throw tooMany(address.resetInMs);
  if (account.count > PASSWORD_RESET_PER_ACCOUNT) throw tooMany(account.resetInMs);
  const jobs = jobsOf(ctx);
  const job = jobs.queue.run(() => mailResetLink(ctx, email, opts.origin, opts.log));
  jobs.pending.add(job);
  void job.finally(() => jobs.pending.delete(job));
  return { message: ACCOUNT_MSG.resetRequested };
}

/**
 * POST /api/auth/password-reset/confirm: the link's token (once, within the hour) sets a new
 * password and ends every session of the member, on every node. Reused, expired or forged tokens
 * are one answer: 400 `This reset link is invalid or has expired`.
 */
export async function confirmPasswordReset(
  ctx: AppContext,
  body: PasswordResetConfirmBody,
  ip: string,
): Promise<MessageAnswer> {
  const attempt = await ctx.rateLimiter.attempt(`reset:confirm:${ip}`, PASSWORD_RESET_WINDOW_MS);
  if (attempt.count > PASSWORD_RESET_CONFIRMS_PER_ADDRESS) throw tooMany(attempt.resetInMs);
  const passwordHash = await hashPassword(body.password);
  const ended = await ctx.db.transaction(async (tx) => {
    const userId = await claimPasswordReset(tx, sha256Hex(body.token));
    if (!userId) throw new AppError('VALIDATION', ACCOUNT_MSG.resetInvalid);
    if (!(await updateUser(tx, userId, { passwordHash, passwordChangedAt: new Date() }))) {
      throw new AppError('VALIDATION', ACCOUNT_MSG.resetInvalid);
    }
    await deletePasswordResets(tx, userId);
    return endSessions(tx, { userId });
  });
  await ctx.events.sessionsEnded(ended);
  return { message: ACCOUNT_MSG.resetDone };
}
