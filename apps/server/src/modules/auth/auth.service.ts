import { MSG, type AuthResponse, type LoginBody, type RegisterBody } from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { signToken } from '../../lib/jwt.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { toSelfUser, type UserRow } from '../users/users.mapper.js';
import { findUserByEmail, findUserByLogin, findUserByUsername, insertUser } from '../users/users.repo.js';

const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export function issueToken(ctx: AppContext, user: Pick<UserRow, 'id' | 'username' | 'email'>): string {
  return signToken({ userId: user.id, username: user.username, email: user.email }, ctx.jwtSecret);
}

export async function registerUser(ctx: AppContext, body: RegisterBody): Promise<AuthResponse> {
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
  return { message: 'User registered successfully', user: toSelfUser(row), token: issueToken(ctx, row) };
}

/**
 * Email or username + password. Repeated failures for one login from one address are refused
 * with 429 for a while, before any password is checked, so guessing costs the attacker time.
 */
export async function loginUser(ctx: AppContext, body: LoginBody, ip: string): Promise<AuthResponse> {
  const limitKey = `login:${ip}:${body.email.toLowerCase()}`;
  if ((await ctx.rateLimiter.peek(limitKey)) >= ctx.config.loginMaxFailures) {
    throw new AppError('RATE_LIMITED', MSG.tooManyAttempts);
  }
  const row = await findUserByLogin(ctx.db, body.email);
  if (!row) {
    await ctx.rateLimiter.hit(limitKey, LOGIN_WINDOW_MS);
    throw new AppError('NOT_FOUND', MSG.accountNotFound);
  }
  if (!(await verifyPassword(row.passwordHash, body.password))) {
    await ctx.rateLimiter.hit(limitKey, LOGIN_WINDOW_MS);
    throw new AppError('INVALID_CREDENTIALS', MSG.invalidCredentials);
  }
  await ctx.rateLimiter.reset(limitKey);
  return { message: 'Login successful', user: toSelfUser(row), token: issueToken(ctx, row) };
}
