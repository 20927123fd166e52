import { and, desc, eq, gt, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

/** Which of a member's sessions: all, only these ids, or all but one. */
export interface SessionsTarget {
  userId: string;
  sessionIds?: string[];
  exceptSessionId?: string;
}

function targetWhere(target: SessionsTarget): SQL | undefined {
  return and(
    eq(sessions.userId, target.userId),
    target.sessionIds ? inArray(sessions.id, target.sessionIds) : undefined,
    target.exceptSessionId ? ne(sessions.id, target.exceptSessionId) : undefined,
  );
}

/** Deletes the target's sessions; answers the ids that were there. */
export async function deleteSessions(db: DbOrTx, target: SessionsTarget): Promise<string[]> {
  if (target.sessionIds?.length === 0) return [];
  const rows = await db.delete(sessions).where(targetWhere(target)).returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/** The member's sessions whose tokens have not expired, most recently seen first. */
export async function listLiveSessions(db: DbOrTx, userId: string, limit: number): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(limit);
}

/** Sessions whose tokens expired are only clutter: dropped when the member signs in again. */
export async function deleteExpiredSessions(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, sql`now()`)));
}

/**
 * Marks the session seen now unless another request (on any node) already did since `seenBefore`:
 * at most one write per session per interval, whichever node gets there first.
 */
export async function touchSession(db: DbOrTx, id: string, seenBefore: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(sessions.id, id), lt(sessions.lastSeenAt, seenBefore)));
}

/** A fresh token for the session lives as long as the session does. */
export async function extendSession(db: DbOrTx, id: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
}

export async function sessionExists(db: DbOrTx, id: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
    .limit(1);
  return row !== undefined;
}
