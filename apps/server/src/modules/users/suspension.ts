/**
 * A suspension holds from `suspendedAt` until `suspendedUntil`, or until lifted when that is null.
 * An account of a server an admin suspended (`federationSuspended`, when the row carries it) counts
 * as suspended too.
 */
export function isSuspendedNow(
  row: { suspendedAt: Date | null; suspendedUntil: Date | null; federationSuspended?: boolean },
  now: Date = new Date(),
): boolean {
  if (row.federationSuspended) return true;
  if (!row.suspendedAt) return false;
  return row.suspendedUntil === null || row.suspendedUntil > now;
}
