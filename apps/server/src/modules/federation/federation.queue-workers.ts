/*
 * The listening half both of our Fedify message queues share (federation.store.repo.ts on
 * PostgreSQL, federation.redis-queue.ts on Redis): workers that take the next due message, hand it
 * to Fedify and acknowledge it, and otherwise sleep until a local enqueue wakes them or the poll
 * interval passes (another node's messages, delayed ones). Each queue brings its own take and
 * acknowledge; a message is taken under a lease, so one whose node died is taken again.
 */

/** How often a listener looks for due messages it was not woken for. */
const QUEUE_POLL_MS = 1_000;
/** Messages one listener handles at once (deliveries wait on remote servers). */
const QUEUE_CONCURRENCY = 4;
/** A message taken by a node that died is taken again after this long. */
export const QUEUE_LEASE_MS = 5 * 60_000;

export interface TakenQueueMessage {
  id: string;
  /** Undefined when the stored message could not be read back: acknowledged, not handled. */
  message: unknown;
}

/** The listeners of one queue in this process: a local enqueue wakes them at once. */
export function queueWakers() {
  const wakers = new Set<() => void>();
  return {
    wakers,
    wake: () => {
      for (const w of wakers) w();
    },
  };
}

/** Runs QUEUE_CONCURRENCY workers until `signal` aborts. */
export async function runQueueWorkers(opts: {
  wakers: Set<() => void>;
  signal?: AbortSignal;
  take: () => Promise<TakenQueueMessage | undefined>;
  acknowledge: (id: string) => Promise<void>;
  handler: (message: unknown) => Promise<void> | void;
  onError?: (err: unknown) => void;
}): Promise<void> {
  const { signal } = opts;
  /** Workers of this listener waiting for work. */
  const sleepers = new Set<() => void>();
  const waker = () => {
    for (const wakeOne of sleepers) wakeOne();
  };
  opts.wakers.add(waker);
  signal?.addEventListener('abort', waker);
  const idle = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, QUEUE_POLL_MS);
      function done() {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      }
      sleepers.add(done);
    });
  const worker = async () => {
    while (!signal?.aborted) {
      let taken: TakenQueueMessage | undefined;
      try {
        taken = await opts.take();
      } catch (err) {
        opts.onError?.(err);
      }
      if (!taken) {
        await idle();
        continue;
      }
      try {
        if (taken.message !== undefined) await opts.handler(taken.message);
      } catch (err) {
        opts.onError?.(err);
      }
      try {
        await opts.acknowledge(taken.id);
      } catch (err) {
        // Taken again when its lease runs out: handling is idempotent.
        opts.onError?.(err);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: QUEUE_CONCURRENCY }, worker));
  } finally {
    opts.wakers.delete(waker);
    signal?.removeEventListener('abort', waker);
  }
}
