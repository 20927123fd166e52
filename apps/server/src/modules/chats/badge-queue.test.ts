import { describe, expect, it } from 'vitest';
import { createBadgeQueue } from './badge-queue.js';

/** A push that records its start and waits until the test lets it finish. */
function controlledPushes() {
  const started: string[] = [];
  const finish = new Map<string, Array<() => void>>();
  const push = (member: { id: string; v?: number }) =>
    new Promise<void>((resolve) => {
      started.push(member.v === undefined ? member.id : `${member.id}@${member.v}`);
      finish.set(member.id, [...(finish.get(member.id) ?? []), resolve]);
    });
  /** Lets the oldest running push of `id` end, then lets the queue react. */
  const end = async (id: string) => {
    finish.get(id)?.shift()?.();
    await new Promise((r) => setImmediate(r));
  };
  return { started, push, end };
}

describe('createBadgeQueue', () => {
  it('runs at most maxInFlight pushes, the rest in request order', async () => {
    const { started, push, end } = controlledPushes();
    const queue = createBadgeQueue({ maxInFlight: 2, push });
    queue.request([{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }]);
    expect(started).toEqual(['a', 'b']);
    expect(queue.size()).toBe(4);
    await end('b');
    expect(started).toEqual(['a', 'b', 'c']);
    await end('a');
    expect(started).toEqual(['a', 'b', 'c', 'd']);
  });

  it('merges requests for a waiting member into one push with the newest value', async () => {
    const { started, push, end } = controlledPushes();
    const queue = createBadgeQueue({ maxInFlight: 1, push });
    queue.request([{ id: 'busy' }]);
    queue.request([{ id: 'x', v: 1 }, { id: 'y' }]);
    queue.request([{ id: 'x', v: 2 }]);
    queue.request([{ id: 'x', v: 3 }]);
    await end('busy');
    await end('x');
    await end('y');
    expect(started).toEqual(['busy', 'x@3', 'y']);
    expect(queue.size()).toBe(0);
  });

  it('pushes once more to a member asked for while their push runs, after it ends', async () => {
    const { started, push, end } = controlledPushes();
    const queue = createBadgeQueue({ maxInFlight: 4, push });
    queue.request([{ id: 'm', v: 1 }]);
    queue.request([{ id: 'm', v: 2 }]);
    queue.request([{ id: 'm', v: 3 }]);
    // Never two pushes of one member at once: the later value waits for the running one.
    expect(started).toEqual(['m@1']);
    await end('m');
    expect(started).toEqual(['m@1', 'm@3']);
    await end('m');
    expect(started).toEqual(['m@1', 'm@3']);
    expect(queue.size()).toBe(0);
  });

  it('keeps going after a failed push, and drain waits for everything', async () => {
    const seen: string[] = [];
    const queue = createBadgeQueue({
      maxInFlight: 1,
      push: async (m: { id: string }) => {
        await new Promise((r) => setImmediate(r));
        seen.push(m.id);
        if (m.id === 'bad') throw new Error('database went away');
      },
    });
    queue.request([{ id: 'bad' }, { id: 'good' }]);
    await queue.drain();
    expect(seen).toEqual(['bad', 'good']);
    expect(queue.size()).toBe(0);
    await queue.drain(); // idle: resolves at once
  });
});
