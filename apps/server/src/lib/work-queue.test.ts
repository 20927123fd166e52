import { describe, expect, it } from 'vitest';
import { createWorkQueue } from './work-queue.js';

describe('createWorkQueue', () => {
  it('runs at most `concurrency` tasks at once, in arrival order, and answers every one', async () => {
    const queue = createWorkQueue(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: Array<() => void> = [];
    const tasks = Array.from({ length: 6 }, (_, i) =>
      queue
        .run(async () => {
          started.push(i);
          running += 1;
          most = Math.max(most, running);
          await new Promise<void>((r) => releases.push(r));
          running -= 1;
          if (i === 3) throw new Error('task 3 fails');
          return i * 10;
        })
        .catch(() => 'failed' as const),
    );
    expect(queue.running()).toBe(2);
    expect(queue.size()).toBe(4);
    // Release whatever runs until everything has started and finished.
    while (started.length < 6 || releases.length > 0) {
      const release = releases.shift();
      if (release) release();
      await new Promise((r) => setImmediate(r));
    }
    expect(await Promise.all(tasks)).toEqual([0, 10, 20, 'failed', 40, 50]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(queue.size()).toBe(0);
    expect(queue.running()).toBe(0);
  });
});
