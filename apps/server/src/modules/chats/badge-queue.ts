/**
 * A per-node queue of badge (`unread_counts`) pushes that merges requests per member and runs at
 * most `maxInFlight` at once.
 *
 * Why: every chat message asks for its recipients' badges. Run inline, one count per message
 * competes with the sends for the same small connection pool, and under a burst the counts pile
 * up behind each other (the backlog that made 500 msg/s take seconds). A badge is a snapshot, so
 * ten requests for one member while the first count waits are worth exactly one count, taken
 * after the latest change.
 *
 * The invariant: after the last `request` for a member, at least one push for that member starts
 * after that request, so the last value a client receives counts every change requested before
 * it. A member asked for while their count runs is counted once more when it ends.
 */
export interface BadgeQueue<M extends { id: string }> {
  /** Asks for a push to each member (merged with any push already waiting for them). */
  request(members: readonly M[]): void;
  /** Resolves once nothing is waiting or running (shutdown, tests). */
  drain(): Promise<void>;
  /** Members waiting plus running, for tests and metrics. */
  size(): number;
}

export function createBadgeQueue<M extends { id: string }>(opts: {
  maxInFlight: number;
  /** Counts and pushes one member's badges; a failure is dropped (the next fetch shows the state). */
  push: (member: M) => Promise<void>;
}): BadgeQueue<M> {
  /** Waiting, oldest first (a Map keeps insertion order); a repeat request keeps its place. */
  const waiting = new Map<string, M>();
  const running = new Set<string>();
  /** Asked for again while running: counted once more when the running push ends. */
  const again = new Map<string, M>();
  let idle: Array<() => void> = [];

  function settle(): void {
    if (waiting.size > 0 || running.size > 0) return;
    const resolvers = idle;
    idle = [];
    for (const resolve of resolvers) resolve();
  }

  function pump(): void {
    while (running.size < opts.maxInFlight && waiting.size > 0) {
      const [id, member] = waiting.entries().next().value as [string, M];
      waiting.delete(id);
      running.add(id);
      void opts
        .push(member)
        .catch(() => undefined)
        .finally(() => {
          running.delete(id);
          const next = again.get(id);
          if (next) {
            again.delete(id);
            waiting.set(id, next);
          }
          pump();
          settle();
        });
    }
  }

  return {
    request(members) {
      for (const member of members) {
        // Map.set on a waiting member keeps their place in line and takes the newer value.
        if (running.has(member.id)) again.set(member.id, member);
        else waiting.set(member.id, member);
      }
      pump();
    },
    drain() {
      if (waiting.size === 0 && running.size === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
    size: () => waiting.size + running.size,
  };
}
