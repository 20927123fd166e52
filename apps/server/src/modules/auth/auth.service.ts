import {
  MOD_MSG,
  MSG,
  SIGN_IN_ADDRESS_MAX,
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
import { issueToken, verifyToken } from '../../lib/jwt.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { Viewer } from '../../lib/permissions.js';
import type { PublicUrls } from '../../lib/public-urls.js';
import { isSuspendedNow } from '../users/suspension.js';
import { toSelfUser } from '../users/users.mapper.js';
import {
  findUserByEmail,
  findSessionVersion,
  findUserById,
  findTokenMember,
  findUserByLogin,
  findUserByUsername,
  insertUser,
  updateUser,
  type TokenMemberRow,
  type UserRow,
} from '../users/users.repo.js';

/**
 * Resolves a bearer token to a Viewer, or throws the API.md error for it: none → 401 `Access token
 * required`; expired, or of an ended session (`sv` ≠ the member's session version) → 401 `Token expired`; bad
 * signature or malformed → 403 `Invalid token`; the user no longer exists → 401. HTTP and the
 * socket both sign in through here.
 */
export async function authenticateToken(
  ctx: AppContext,
  token: string | null,
): Promise<Viewer & { sessionVersion: number }> {
  if (token === null) throw new AppError('UNAUTHENTICATED', MSG.accessTokenRequired);
  const result = await verifyToken(token, ctx.jwtSecret);
  if (!result.ok) {
    throw result.reason === 'expired'
      ? new AppError('TOKEN_EXPIRED', MSG.tokenExpired)
      : new AppError('INVALID_TOKEN', MSG.invalidToken);
  }
  const row = await findTokenMember(ctx.db, result.payload.userId);
  if (!row) throw new AppError('UNAUTHENTICATED', MSG.accessTokenRequired);
  // Read with the row above on every request and socket sign-in: a suspension stops every
  // token of the member at once, with no extra query. Checked before the session version (which
  // the suspension also bumped) so the member reads why: 403 "Your account is suspended".
  refuseSuspended(row);
  // Sessions ended since the token was issued (password or role change, suspension): refused.
  if (result.payload.sv !== row.sessionVersion) throw new AppError('TOKEN_EXPIRED', MSG.tokenExpired);
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    isAdmin: row.isAdmin,
    isModerator: row.isModerator,
    permissions: row.permissions,
    sessionVersion: row.sessionVersion,
  };
}

/** Whether the member's sessions of this version are still current (none ended since). */
export async function sessionStillValid(ctx: AppContext, userId: string, version: number): Promise<boolean> {
  return (await findSessionVersion(ctx.db, userId)) === version;
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
    token: await issueToken(ctx.jwtSecret, row),
  };
}

/**
 * Email or username + password, limited per account and per address. Each attempt is counted
 * first, in one atomic step per key, and only an attempt within both limits gets its password
 * checked, so parallel guesses cannot race past the limit. Email and username resolve to the same
 * account key; a correct password takes its attempt back.
 */
export async function loginUser(
  ctx: AppContext,
  body: LoginBody,
  ip: string,
  urls: PublicUrls,
): Promise<AuthResponse> {
  const row = await findUserByLogin(ctx.db, body.email);
  const accountKey = row ? `login:account:${row.id}` : `login:unknown:${body.email.toLowerCase()}`;
  const addressKey = `login:address:${ip}`;
  const [account, address] = await Promise.all([
    ctx.rateLimiter.attempt(accountKey, SIGN_IN_WINDOW_MS),
    ctx.rateLimiter.attempt(addressKey, SIGN_IN_WINDOW_MS),
  ]);
  const overAccount = account.count > ctx.config.loginMaxFailures;
  const overAddress = address.count > SIGN_IN_ADDRESS_MAX;
  if (overAccount || overAddress) {
    const waitMs = Math.max(overAccount ? account.resetInMs : 0, overAddress ? address.resetInMs : 0);
    throw new AppError('RATE_LIMITED', MSG.tooManyAttempts, {
      retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
    });
  }
  if (!row) throw new AppError('NOT_FOUND', MSG.accountNotFound);
  if (!(await verifyPassword(row.passwordHash, body.password))) {
    throw new AppError('INVALID_CREDENTIALS', MSG.invalidCredentials);
  }
  await Promise.all([ctx.rateLimiter.refund(accountKey), ctx.rateLimiter.refund(addressKey)]);
  // Only after the password: a suspension is not revealed to someone who does not hold it.
  refuseSuspended(row);
  const current = await applyAdminEmails(ctx, row);
  return {
    message: MSG.loggedIn,
    user: toSelfUser(current, urls),
    token: await issueToken(ctx.jwtSecret, current),
  };
}

/** GET /api/auth/me: the member's own view, fresh from the database. */
export async function getSelf(ctx: AppContext, viewer: Viewer, urls: PublicUrls): Promise<SelfUser> {
  const row = await findUserById(ctx.db, viewer.id);
  if (!row) throw new AppError('UNAUTHENTICATED');
  return toSelfUser(row, urls);
}
