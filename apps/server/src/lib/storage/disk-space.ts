import fsp from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../errors.js';

const MB = 1024 * 1024;
/** statfs is cheap, but an upload of five photos writes ~20 files: ask at most this often. */
const CACHE_MS = 1_000;

export interface DiskState {
  freeMb: number;
  minFreeMb: number;
  /** Free space is at or above the floor. */
  ok: boolean;
}

/**
 * The floor of free space under DATA_DIR (MIN_FREE_DISK_MB). Uploads stop there, well before the
 * disk is full, because the same disk holds the embedded PostgreSQL: a database that runs out of
 * space mid-write stops, and needs room to start again. Readiness reports the disk down below it.
 */
export interface DiskGuard {
  state(): Promise<DiskState>;
  /**
   * Throws 507 INSUFFICIENT_STORAGE unless `bytes` more can be written and leave the floor free.
   * The media store asks before each file; the upload routes ask once before any work.
   */
  ensureRoom(bytes: number): Promise<void>;
}

export interface DiskGuardOptions {
  /** A directory on the disk to watch (created by the caller). */
  dir: string;
  /** 0 turns the floor off (readiness still reports the free space). */
  minFreeMb: number;
  /** Free bytes of the disk holding `dir` (tests stand in a small disk). */
  freeBytes?: (dir: string) => Promise<number>;
}

/** Free bytes for an unprivileged writer (`bavail`, not `bfree`: root's reserve is not ours). */
export async function freeBytesOf(dir: string): Promise<number> {
  // The directory may not exist yet (a first start): its nearest existing parent is on the disk.
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    try {
      const stats = await fsp.statfs(at);
      return stats.bavail * stats.bsize;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || path.dirname(at) === at) throw err;
    }
  }
}

export function createDiskGuard(opts: DiskGuardOptions): DiskGuard {
  const freeBytes = opts.freeBytes ?? freeBytesOf;
  const floor = opts.minFreeMb * MB;
  /** The last reading, and what was let through since (not in it yet). */
  let cached: { at: number; free: Promise<number>; since: number } | null = null;
  const free = async () => {
    const now = Date.now();
    if (!cached || now - cached.at > CACHE_MS) {
      const pending = freeBytes(opts.dir);
      cached = { at: now, free: pending, since: 0 };
      pending.catch(() => (cached = null));
    }
    const reading = cached;
    return (await reading.free) - reading.since;
  };
  return {
    async state() {
      const bytes = await free();
      return { freeMb: Math.floor(bytes / MB), minFreeMb: opts.minFreeMb, ok: bytes >= floor };
    },
    async ensureRoom(bytes) {
      if (opts.minFreeMb <= 0) return;
      if ((await free()) - bytes < floor) throw new AppError('INSUFFICIENT_STORAGE');
      if (cached) cached.since += bytes;
    },
  };
}
