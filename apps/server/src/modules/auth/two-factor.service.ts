import { randomInt } from 'node:crypto';
import {
  ACCOUNT_MSG,
  MSG,
  PASSWORD_MAX_LENGTH,
  RECOVERY_CODES_COUNT,
  SIGN_IN_WINDOW_MS,
  TOTP_DIGITS,
  TOTP_DRIFT_STEPS,
  TOTP_STEP_SECONDS,
  type MessageAnswer,
  type RecoveryCodes,
  type TwoFactorDisableBody,
  type TwoFactorEnableBody,
  type TwoFactorSetup,
} from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { Viewer } from '../../lib/permissions.js';
import { base32Decode, matchTotp, newTotpSecret, otpauthUrl, sha256Hex } from '../../lib/totp.js';
import { findUserById, type UserRow } from '../users/users.repo.js';
import {
  claimTotpStep,
  clearTwoFactor,
  consumeRecoveryCode,
  enablePendingSecret,
  replaceRecoveryCodes,
  setPendingSecret,
} from './two-factor.repo.js';

/** The issuer authenticator apps show beside the account. */
const TOTP_ISSUER = 'Glimpse';
/** Recovery codes: 10 characters of the base32 alphabet (50 bits), shown as XXXXX-XXXXX. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const RECOVERY_CODE_LENGTH = 10;

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++)
    code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A code as the schema normalized it (no spaces or dashes, upper case): what is hashed. */
const recoveryHash = (code: string) => sha256Hex(code.replace(/[\s-]/g, '').toUpperCase());

/** The time step a code is for under `secret`, or null (not a current code). */
export function stepOfCode(secret: string, code: string, nowMs = Date.now()): number | null {
  const key = base32Decode(secret);
  if (!key) return null;
  return matchTotp(key, code, {
    nowMs,
    stepSeconds: TOTP_STEP_SECONDS,
    digits: TOTP_DIGITS,
    drift: TOTP_DRIFT_STEPS,
  });
}

/**
 * Checks a second factor of a member with two-factor on: a current TOTP code, accepted once (its
 * time step is claimed atomically, so a replay within the window fails on every node), or an
 * unused recovery code (deleted as it is used).
 */
export async function verifySecondFactor(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'totpSecret'>,
  code: string,
): Promise<boolean> {
  if (!user.totpSecret) return false;
  if (/^\d+$/.test(code)) {
    const step = stepOfCode(user.totpSecret, code);
    return step !== null && (await claimTotpStep(ctx.db, user.id, step));
  }
  return consumeRecoveryCode(ctx.db, user.id, recoveryHash(code));
}

/** Wrong codes and passwords here count with the password change's (a stolen token cannot guess). */
async function countAttempt(ctx: AppContext, viewer: Viewer): Promise<string> {
  const key = `password:${viewer.id}`;
  const attempt = await ctx.rateLimiter.attempt(key, SIGN_IN_WINDOW_MS);
  if (attempt.count > ctx.config.loginMaxFailures) {
    throw new AppError('RATE_LIMITED', MSG.tooManyAttempts, {
      retryAfterSeconds: Math.max(1, Math.ceil(attempt.resetInMs / 1000)),
    });
  }
  return key;
}

async function requireMember(ctx: AppContext, viewer: Viewer): Promise<UserRow> {
  const row = await findUserById(ctx.db, viewer.id);
  if (!row) throw new AppError('UNAUTHENTICATED', MSG.accessTokenRequired);
  return row;
}

/** POST /api/auth/2fa/setup: a new secret, kept pending until a code from it confirms it. */
export async function setupTwoFactor(ctx: AppContext, viewer: Viewer): Promise<TwoFactorSetup> {
  const secret = newTotpSecret();
  if (!(await setPendingSecret(ctx.db, viewer.id, secret))) {
    throw new AppError('CONFLICT', ACCOUNT_MSG.twoFactorAlreadyOn);
  }
  return {
    secret,
    otpauthUrl: otpauthUrl({
      issuer: TOTP_ISSUER,
      account: viewer.email,
      secret,
      digits: TOTP_DIGITS,
      period: TOTP_STEP_SECONDS,
    }),
  };
}

/** POST /api/auth/2fa/enable: the first code turns it on and hands out the recovery codes once. */
export async function enableTwoFactor(
  ctx: AppContext,
  viewer: Viewer,
  body: TwoFactorEnableBody,
): Promise<RecoveryCodes> {
  const limitKey = await countAttempt(ctx, viewer);
  const row = await requireMember(ctx, viewer);
  if (row.totpSecret) throw new AppError('CONFLICT', ACCOUNT_MSG.twoFactorAlreadyOn);
  const secret = row.totpPendingSecret;
  if (!secret) throw new AppError('VALIDATION', ACCOUNT_MSG.twoFactorSetupMissing);
  const step = stepOfCode(secret, body.code);
  if (step === null) throw new AppError('INVALID_TWO_FACTOR_CODE');
  await ctx.rateLimiter.refund(limitKey);
  const recoveryCodes = Array.from({ length: RECOVERY_CODES_COUNT }, newRecoveryCode);
  const enabled = await ctx.db.transaction(async (tx) => {
    if (!(await enablePendingSecret(tx, viewer.id, secret, step))) return false;
    await replaceRecoveryCodes(tx, viewer.id, recoveryCodes.map(recoveryHash));
    return true;
  });
  // Another setup replaced the secret meanwhile: this code was for the old one.
  if (!enabled) throw new AppError('VALIDATION', ACCOUNT_MSG.twoFactorSetupMissing);
  return { message: ACCOUNT_MSG.twoFactorEnabled, recoveryCodes };
}

/** POST /api/auth/2fa/disable: the password and a second factor, both checked. */
export async function disableTwoFactor(
  ctx: AppContext,
  viewer: Viewer,
  body: TwoFactorDisableBody,
): Promise<MessageAnswer> {
  const limitKey = await countAttempt(ctx, viewer);
  const row = await requireMember(ctx, viewer);
  if (!row.totpSecret) throw new AppError('VALIDATION', ACCOUNT_MSG.twoFactorNotOn);
  const isPassword =
    body.password.length <= PASSWORD_MAX_LENGTH && (await verifyPassword(row.passwordHash, body.password));
  if (!isPassword) throw new AppError('VALIDATION', MSG.currentPasswordIncorrect);
  if (!(await verifySecondFactor(ctx, row, body.code))) throw new AppError('INVALID_TWO_FACTOR_CODE');
  await ctx.rateLimiter.refund(limitKey);
  await ctx.db.transaction((tx) => clearTwoFactor(tx, viewer.id));
  return { message: ACCOUNT_MSG.twoFactorDisabled };
}
