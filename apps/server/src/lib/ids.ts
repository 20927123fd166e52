import { randomBytes } from 'node:crypto';

/**
 * 24-character lowercase hex ids, time-ordered like MongoDB ObjectIds:
 * 4 bytes of Unix seconds, 5 random bytes fixed per process, 3 bytes of a counter.
 * Ids made by one process sort in creation order; `newId(date)` backdates (seed data).
 */
const PROCESS_RANDOM = randomBytes(5).toString('hex');
let counter = randomBytes(3).readUIntBE(0, 3);

export function newId(at: Date = new Date()): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(at.getTime() / 1000) >>> 0;
  return seconds.toString(16).padStart(8, '0') + PROCESS_RANDOM + counter.toString(16).padStart(6, '0');
}
