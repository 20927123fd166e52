import { setTimeout as sleep } from 'node:timers/promises';
import {
  MOD_MSG,
  MSG,
  SIGN_IN_ADDRESS_MAX,
  SIGN_IN_CODE_MAX,
  SIGN_IN_DELAY_BASE_MS,
  SIGN_IN_DELAY_MAX_MS,
  SIGN_IN_SLOW_AFTER,
  SIGN_IN_WINDOW_MS,
  type AuthResponse,
  type LoginBody,
  type RegisterBody,
  type SelfUser,
} from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { verifyToken } from '../../lib/jwt.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { Viewer } from '../../lib/permissions.js';
import type { PublicUrls } from '../../lib/public-urls.js';
import { isSuspendedNow } from '../users/suspension.js';
import { toSelfUser } from '../users/users.mapper.js';
import {
  findUserByEmail,
  findUserById,
  findTokenMember,
  findUserByLogin,
  findUserByUsername,
  insertUser,
  updateUser,
  type TokenMemberRow,
  type UserRow,
} from '../users/users.repo.js';
import { noteSessionSeen, openSession, type ClientInfo } from './sessions.js';
import { sessionExists } from './sessions.repo.js';
import { verifySecondFactor } from './two-factor.service.js';

/**
 * Resolves a bearer token to a Viewer, or throws the API.md error for it: none → 401 `Access token
 * required`; expired, or of an ended session (its `sid` row is gone) → 401 `Token expired`; bad
 * signature or malformed → 403 `Invalid token`; the user no longer exists → 401. HTTP and the
 * socket both sign in through here.
 */
export async function authenticateToken(ctx: AppContext, token: string | null): Promise<Viewer> {
  if (token === null) throw new AppError('UNAUTHENTICATED', MSG.accessTokenRequired);
  const result = await verifyToken(token, ctx.jwtSecret);
  if (!result.ok) {
    throw result.reason === 'expired'
      ? new AppError('TOKEN_EXPIRED', MSG.tokenExpired)
      : new AppError('INVALID_TOKEN', MSG.invalidToken);
  }
  const { userId, sid } = result.payload;
  const row = await findTokenMember(ctx.db, userId, sid);
  if (!row) throw new AppError('UNAUTHENTICATED', MSG.accessTokenRequired);
  // Read with the row above on every request and socket sign-in: a suspension stops every
  // token of the member at once, with no extra query. Checked before the session (which the
  // suspension also ended) so the member reads why: 403 "Your account is suspended".
  refuseSuspended(row);
  // An ended session (sign-out, password, reset, role, suspension): refused.
  if (row.sessionSeenAt === null) throw new AppError('TOKEN_EXPIRED', MSG.tokenExpired);
  noteSessionSeen(ctx, sid, row.sessionSeenAt);
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    isAdmin: row.isAdmin,
    isModerator: row.isModerator,
    permissions: row.permissions,
    sessionId: sid,
  };
}

/** Whether the session is still there (none ended it since the token was checked). */
export async function sessionStillValid(ctx: AppContext, viewer: Viewer): Promise<boolean> {
  return sessionExists(ctx.db, viewer.sessionId, viewer.id);
}

/** 403 with the catalogue's text (and the end, when there is one) for a suspended member. */
function refuseSuspended(row: Pick<TokenMemberRow, 'suspendedAt' | 'suspendedUntil'>): void {
  if (!isSuspendedNow(row)) return;
  throw new AppError(
    'ACCOUNT_SUSPENDED',
    row.suspendedUntil
      ? MOD_MSG.accountSuspendedUntil(row.suspendedUntil.toISOString())
      : MOD_MSG.accountSuspended,
  );
}

/**
 * ADMIN_EMAILS (twelve-factor first admin): a member whose email is listed becomes an admin
 * when they register or sign in. Listing never demotes; revoking is `npm run admin -- revoke`.
 */
async function applyAdminEmails(ctx: AppContext, row: UserRow): Promise<UserRow> {
  if (row.isAdmin || !ctx.config.adminEmails.includes(row.email.toLowerCase())) return row;
  return (await updateUser(ctx.db, row.id, { isAdmin: true })) ?? row;
}

export async function registerUser(
  ctx: AppContext,
  body: RegisterBody,
  client: ClientInfo,
  urls: PublicUrls,
): Promise<AuthResponse> {
  // Friendly messages for the common case; the unique indexes still decide under a race.
  if (await findUserByEmail(ctx.db, body.email)) throw new AppError('VALIDATION', MSG.emailExists);
  if (await findUserByUsername(ctx.db, body.username)) throw new AppError('VALIDATION', MSG.usernameTaken);
  const passwordHash = await hashPassword(body.password);
  let row: UserRow;
  try {
    row = await insertUser(ctx.db, {
      id: newId(),
      email: body.email,
      username: body.username,
      passwordHash,
      lastActiveAt: new Date(),
    });
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === null) throw err;
    throw new AppError('VALIDATION', constraint.includes('email') ? MSG.emailExists : MSG.usernameTaken);
  }
  row = await applyAdminEmails(ctx, row);
  return {
    message: MSG.registered,
    user: toSelfUser(row, urls),
    token: await openSession(ctx, row, client),
  };
}

/**
 * How long a sign-in answer waits when the account has had `failures` failed attempts in the
 * window from anywhere (a distributed guess): nothing below SIGN_IN_SLOW_AFTER, then
 * SIGN_IN_DELAY_BASE_MS doubling with each further SIGN_IN_SLOW_AFTER failures, capped. The
 * member is slowed, never refused.
 */
export function signInDelayMs(failures: number): number {
  if (failures < SIGN_IN_SLOW_AFTER) return 0;
  const doublings = Math.floor((failures - SIGN_IN_SLOW_AFTER) / SIGN_IN_SLOW_AFTER);
  return Math.min(SIGN_IN_DELAY_MAX_MS, SIGN_IN_DELAY_BASE_MS * 2 ** Math.min(doublings, 20));
}

function rateLimited(...waits: number[]): AppError {
  return new AppError('RATE_LIMITED', MSG.tooManyAttempts, {
    retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...waits) / 1000)),
  });
}

/**
 * Email or username + password (+ a two-factor code when it is on). Each attempt is counted
 * first, in one atomic step per key (Redis when configured, so across nodes), and only an attempt
 * within the limits gets its password checked, so parallel guesses cannot race past them:
 * - per account AND address: LOGIN_MAX_FAILURES, then 429 for that address on that account;
 * - per address over every account: SIGN_IN_ADDRESS_MAX, then 429;
 * - per account from anywhere: never a refusal (strangers must not lock the member out), but
 *   past SIGN_IN_SLOW_AFTER failures every answer waits a growing delay (signInDelayMs).
 * Email and username resolve to the same account key; a correct password takes its attempts back.
 */
export async function loginUser(
  ctx: AppContext,
  body: LoginBody,
  client: ClientInfo,
  urls: PublicUrls,
): Promise<AuthResponse> {
  const row = await findUserByLogin(ctx.db, body.email);
  const account = row ? row.id : `unknown:${body.email.toLowerCase()}`;
  const keys = [
    `login:pair:${account}:${client.ip}`,
    `login:address:${client.ip}`,
    `login:account:${account}`,
  ];
  const [pair, address, anywhere] = await Promise.all(
    keys.map((key) => ctx.rateLimiter.attempt(key, SIGN_IN_WINDOW_MS)),
  );
  const overPair = pair!.count > ctx.config.loginMaxFailures;
  const overAddress = address!.count > SIGN_IN_ADDRESS_MAX;
  if (overPair || overAddress) {
    throw rateLimited(overPair ? pair!.resetInMs : 0, overAddress ? address!.resetInMs : 0);
  }
  const delayMs = signInDelayMs(anywhere!.count - 1);
  if (delayMs > 0) {
    ctx.metrics.signInDelays.inc();
    await sleep(delayMs);
  }
  if (!row) throw new AppError('NOT_FOUND', MSG.accountNotFound);
  if (!(await verifyPassword(row.passwordHash, body.password))) {
    throw new AppError('INVALID_CREDENTIALS', MSG.invalidCredentials);
  }
  const refundAll = () => Promise.all(keys.map((key) => ctx.rateLimiter.refund(key)));
  if (row.totpSecret) {
    if (body.code === undefined) {
      // The password was right: this attempt is not a failure; the code is asked for next.
      await refundAll();
      throw new AppError('TWO_FACTOR_REQUIRED');
    }
    // Only someone holding the password gets here: wrong codes of the account are capped outright.
    const codeKey = `login:code:${row.id}`;
    const codes = await ctx.rateLimiter.attempt(codeKey, SIGN_IN_WINDOW_MS);
    if (codes.count > SIGN_IN_CODE_MAX) throw rateLimited(codes.resetInMs);
    if (!(await verifySecondFactor(ctx, row, body.code))) throw new AppError('INVALID_TWO_FACTOR_CODE');
    await ctx.rateLimiter.refund(codeKey);
  }
  await refundAll();
  // Only after the password: a suspension is not revealed to someone who does not hold it.
  refuseSuspended(row);
  const current = await applyAdminEmails(ctx, row);
  return {
    message: MSG.loggedIn,
    user: toSelfUser(current, urls),
    token: await openSession(ctx, current, client),
  };
}

/** GET /api/auth/me: the member's own view, fresh from the database. */
export async function getSelf(ctx: AppContext, viewer: Viewer, urls: PublicUrls): Promise<SelfUser> {
  const row = await findUserById(ctx.db, viewer.id);
  if (!row) throw new AppError('UNAUTHENTICATED');
  return toSelfUser(row, urls);
}
