import { randomBytes } from 'node:crypto';

/**
 * 24-character lowercase hex ids, time-ordered like MongoDB ObjectIds and still shaped like them
 * (the first 4 bytes are Unix seconds), but ordered to the millisecond across processes:
 *
 *   8 hex Unix seconds | 3 hex milliseconds (000-3e7) | 7 hex random, fixed per process | 6 hex counter
 *
 * Several app nodes write one table (chat messages from two nodes in the same second), and the
 * lists are ordered by id: with only seconds before the per-process part, every id of one node
 * sorted before every id of the other within a second, whatever the order they were made in.
 * Within a process ids never go backwards, even if the clock does. `newId(date)` backdates (seed
 * data) and does not touch that monotonic clock. Across nodes the order is as good as their
 * clocks agree (NTP: see docs/DEPLOY.md).
 */
const PROCESS_RANDOM = randomBytes(4).toString('hex').slice(0, 7);
let counter = randomBytes(3).readUIntBE(0, 3);
let lastMs = 0;

export function newId(at?: Date): string {
  counter = (counter + 1) % 0x1000000;
  let ms: number;
  if (at) {
    ms = at.getTime();
  } else {
    ms = Math.max(Date.now(), lastMs);
    lastMs = ms;
  }
  const seconds = Math.floor(ms / 1000) >>> 0;
  return (
    seconds.toString(16).padStart(8, '0') +
    (ms % 1000).toString(16).padStart(3, '0') +
    PROCESS_RANDOM +
    counter.toString(16).padStart(6, '0')
  );
}
