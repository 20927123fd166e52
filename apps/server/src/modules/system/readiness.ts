import type { DependencyState, Readiness } from '@glimpse/shared';
import { OPS_MSG } from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import { withIoDeadline } from '../../lib/io-deadline.js';

/** A dependency that has not answered within this is down as far as readiness goes. */
export const READINESS_CHECK_TIMEOUT_MS = 2_000;

async function probe(check: () => Promise<unknown>): Promise<DependencyState> {
  try {
    await withIoDeadline(
      check(),
      READINESS_CHECK_TIMEOUT_MS,
      `no answer within ${READINESS_CHECK_TIMEOUT_MS} ms`,
    );
    return 'up';
  } catch {
    return 'down';
  }
}

/**
 * Whether this node can serve: PostgreSQL answers a query, Redis (when configured) is connected
 * and answers PING, the media store answers (the bucket exists, or the media directory is
 * writable), DATA_DIR's disk has MIN_FREE_DISK_MB free (when the node keeps data there). All are
 * asked at once, each bounded by READINESS_CHECK_TIMEOUT_MS. A node that
 * is shutting down is not ready whatever its dependencies say.
 */
export async function checkReadiness(
  ctx: Pick<AppContext, 'database' | 'redis' | 'storage' | 'lifecycle' | 'disk'>,
): Promise<Readiness> {
  const { redis, disk } = ctx;
  let lowDisk: string | null = null;
  const [database, redisState, media, diskState] = await Promise.all([
    probe(() => ctx.database.pool.query('SELECT 1')),
    redis
      ? probe(async () => {
          // A client that is reconnecting would queue the PING: report it down at once instead.
          if (redis.status !== 'ready') throw new Error(`redis ${redis.status}`);
          await redis.ping();
        })
      : Promise.resolve('off' as const),
    probe(() => ctx.storage.check()),
    disk
      ? probe(async () => {
          const state = await disk.state();
          if (!state.ok) {
            lowDisk = OPS_MSG.lowDisk(state.freeMb, state.minFreeMb);
            throw new Error(lowDisk);
          }
        })
      : Promise.resolve('off' as const),
  ]);
  const checks = { database, redis: redisState, media, disk: diskState };
  const down = (['database', 'redis', 'media'] as const).filter((k) => checks[k] === 'down');
  const shuttingDown = ctx.lifecycle.shuttingDown;
  if (down.length === 0 && diskState !== 'down' && !shuttingDown)
    return { status: 'ready', checks, shuttingDown };
  // The disk's own reason when it is low; "disk down" when it could not even be measured.
  const diskReason = diskState === 'down' ? (lowDisk ?? 'disk down') : null;
  const reasons = [
    ...(down.length > 0 ? [`${down.map(nameOf).join(', ')} down`] : []),
    ...(diskReason ? [diskReason] : []),
  ];
  return {
    status: 'unavailable',
    message: reasons.length > 0 ? OPS_MSG.notReady(reasons) : OPS_MSG.shuttingDown,
    code: 'SERVICE_UNAVAILABLE',
    checks,
    shuttingDown,
  };
}

const nameOf = (check: 'database' | 'redis' | 'media') => (check === 'media' ? 'media store' : check);
