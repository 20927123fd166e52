/**
 * A deadline on an answer that comes over a socket (Redis, a readiness probe), which a busy process
 * does not mistake for a missed one.
 *
 * When the process was busy (or not scheduled) past the deadline, the timer and the answer are due
 * together, and Node runs timers before it reads sockets: a plain `setTimeout` would give up on an
 * answer that came in time. Here the timer only schedules the give-up behind one pass over the
 * sockets (`setImmediate` runs after the poll phase), so an answer already waiting is read first.
 * A truly late or absent answer still fails one event-loop turn after `ms`.
 */
export function setIoDeadline(onMissed: () => void, ms: number): NodeJS.Timeout {
  return setTimeout(() => setImmediate(onMissed), ms);
}

/** `promise`, or a rejection with `message` once `ms` have passed without its answer. */
export function withIoDeadline<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setIoDeadline(() => reject(new Error(message)), ms);
  });
  // A late answer (or failure) of the abandoned call is of no interest.
  promise.catch(() => undefined);
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
