import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

/**
 * Takes a transaction-scoped PostgreSQL advisory lock named by `key` (hashed to 64 bits), waiting
 * for whoever holds it; it is released at commit or rollback. Used to serialize work on one
 * (member, target) pair, such as like and follow toggles, where two statements must see each
 * other's outcome. Call it inside a transaction.
 */
export async function lockKey(tx: DbOrTx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
