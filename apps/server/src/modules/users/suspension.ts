/** A suspension holds from `suspendedAt` until `suspendedUntil`, or until lifted when that is null. */
export function isSuspendedNow(
  row: { suspendedAt: Date | null; suspendedUntil: Date | null },
  now: Date = new Date(),
): boolean {
  if (!row.suspendedAt) return false;
  return row.suspendedUntil === null || row.suspendedUntil > now;
}
