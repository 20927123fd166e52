import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { recoveryCodes, users } from '../../db/schema/index.js';

/** Keeps a new secret waiting for its first code (setup); never touches an enabled one. */
export async function setPendingSecret(db: DbOrTx, userId: string, secret: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpPendingSecret: secret })
    .where(and(eq(users.id, userId), isNull(users.totpSecret)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Turns the pending secret on, if it is still the one the code was checked against, and records
 * the code's step as used (the code that confirmed setup cannot then sign in).
 */
export async function enablePendingSecret(
  db: DbOrTx,
  userId: string,
  secret: string,
  step: number,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpSecret: secret, totpPendingSecret: null, totpLastStep: step })
    .where(and(eq(users.id, userId), eq(users.totpPendingSecret, secret), isNull(users.totpSecret)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function clearTwoFactor(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
    .where(eq(users.id, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/**
 * Takes the time step as used, atomically: true only for the first caller whose step is later than
 * the last one accepted (two sign-ins with one code, on any nodes, cannot both pass).
 */
export async function claimTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.id, userId),
        isNotNull(users.totpSecret),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: string, codeHashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (codeHashes.length > 0) {
    await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  }
}

/** Uses up a recovery code: true only for the one caller that deleted it. */
export async function consumeRecoveryCode(db: DbOrTx, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .delete(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash)))
    .returning({ userId: recoveryCodes.userId });
  return rows.length > 0;
}

export async function countRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId));
  return row?.n ?? 0;
}
