/**
 * Runs one socket's events one after another, in arrival order. Socket.IO calls handlers as
 * packets arrive without waiting for async work, so without this two quick `send_message`s could
 * commit, or be broadcast, out of order, and `join_chat` could still be checking membership when
 * the `send_message` after it runs.
 */
export interface SerialQueue {
  /**
   * Queues a task. Returns false, without queueing, when `maxPending` tasks are already waiting,
   * unless `force` (cleanup that must run, such as the disconnect).
   */
  push(task: () => Promise<void>, opts?: { force?: boolean }): boolean;
}

export function createSerialQueue(opts: {
  maxPending: number;
  track: (p: Promise<void>) => void;
}): SerialQueue {
  let tail: Promise<void> = Promise.resolve();
  let pending = 0;
  return {
    push(task, pushOpts = {}) {
      if (pending >= opts.maxPending && !pushOpts.force) return false;
      pending += 1;
      // Tasks handle their own failures; the catch only keeps one bug from stalling the queue.
      tail = tail
        .then(task)
        .catch(() => undefined)
        .finally(() => {
          pending -= 1;
        });
      opts.track(tail);
      return true;
    },
  };
}

/** Promises still running, so shutdown can wait for them before the database closes. */
export interface TaskTracker {
  track(p: Promise<void>): void;
  drain(): Promise<void>;
}

export function createTaskTracker(): TaskTracker {
  const running = new Set<Promise<void>>();
  return {
    track(p) {
      running.add(p);
      void p.catch(() => undefined).finally(() => running.delete(p));
    },
    async drain() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
