/**
 * A bounded pool for expensive work: at most `concurrency` tasks run at once, the rest wait in
 * arrival order. Every task still runs and answers (no task is dropped); what is bounded is how
 * many hold their working memory at the same moment.
 */
export interface WorkQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks waiting for a turn (not counting the running ones): the queue length for metrics. */
  size(): number;
  /** Tasks running now. */
  running(): number;
}

export function createWorkQueue(concurrency: number): WorkQueue {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('concurrency must be >= 1');
  const waiting: Array<() => void> = [];
  let active = 0;
  const next = () => {
    if (active >= concurrency) return;
    const start = waiting.shift();
    if (start) {
      active += 1;
      start();
    }
  };
  return {
    run(task) {
      return new Promise((resolve, reject) => {
        waiting.push(() => {
          task()
            .then(resolve, reject)
            .finally(() => {
              active -= 1;
              next();
            });
        });
        next();
      });
    },
    size: () => waiting.length,
    running: () => active,
  };
}
