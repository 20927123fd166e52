import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher.js';

/** A run whose batches the test ends by hand, recording what each batch held. */
function manualRun() {
  const batches: number[][] = [];
  const pending: { inputs: readonly number[]; end: (fail?: Error) => void }[] = [];
  const run = (inputs: readonly number[]) => {
    batches.push([...inputs]);
    return new Promise<number[]>((resolve, reject) => {
      pending.push({
        inputs,
        end: (fail) => (fail ? reject(fail) : resolve(inputs.map((n) => n * 10))),
      });
    });
  };
  return { batches, pending, run };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Batcher', () => {
  it('runs a lone call at once, alone', async () => {
    const m = manualRun();
    const b = new Batcher(m.run, { maxInFlight: 1, maxBatch: 10 });
    const answer = b.call(4);
    expect(m.batches).toEqual([[4]]);
    m.pending[0]!.end();
    expect(await answer).toBe(40);
  });

  it('gathers the calls made while the limit is busy into the next batch, answers in order', async () => {
    const m = manualRun();
    const b = new Batcher(m.run, { maxInFlight: 2, maxBatch: 10 });
    const answers = [1, 2, 3, 4, 5].map((n) => b.call(n));
    // Two run at once; the other three wait together.
    expect(m.batches).toEqual([[1], [2]]);
    expect(b.inFlight).toBe(2);
    m.pending[0]!.end();
    await tick();
    expect(m.batches).toEqual([[1], [2], [3, 4, 5]]);
    m.pending[1]!.end();
    m.pending[2]!.end();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50]);
    await tick();
    expect(b.inFlight).toBe(0);
  });

  it('starts a batch beside a running one only once moreAt calls wait, up to maxInFlight', async () => {
    const m = manualRun();
    const b = new Batcher(m.run, { maxInFlight: 3, maxBatch: 10, moreAt: 3 });
    const answers = [b.call(1), b.call(2), b.call(3)];
    // The first runs alone; two waiting are not enough for a second connection.
    expect(m.batches).toEqual([[1]]);
    answers.push(b.call(4));
    // Three wait: they go together beside the first.
    expect(m.batches).toEqual([[1], [2, 3, 4]]);
    answers.push(...[5, 6, 7, 8, 9, 10].map((n) => b.call(n)));
    expect(m.batches).toEqual([[1], [2, 3, 4], [5, 6, 7]]);
    expect(b.inFlight).toBe(3);
    // At the limit: the rest wait whatever their number, and go when a batch ends.
    m.pending[0]!.end();
    await tick();
    expect(m.batches).toEqual([[1], [2, 3, 4], [5, 6, 7], [8, 9, 10]]);
    for (const p of m.pending.slice(1)) p.end();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    await tick();
    expect(b.inFlight).toBe(0);
    // Idle again: a lone call runs at once.
    void b.call(11);
    expect(m.batches.at(-1)).toEqual([11]);
    m.pending.at(-1)!.end();
  });

  it('never puts more than maxBatch calls in one batch', async () => {
    const m = manualRun();
    const b = new Batcher(m.run, { maxInFlight: 1, maxBatch: 3 });
    const answers = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => b.call(n));
    for (let i = 0; i < 4; i++) {
      m.pending[i]!.end();
      await tick();
    }
    expect(m.batches).toEqual([[1], [2, 3, 4], [5, 6, 7], [8]]);
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50, 60, 70, 80]);
  });

  it('runs a failed batch again call by call: only the call that breaks the run fails', async () => {
    const seen: number[][] = [];
    const b = new Batcher(
      async (inputs: readonly number[]) => {
        seen.push([...inputs]);
        if (inputs.includes(13)) throw new Error('13 is not a page');
        return inputs.map((n) => n * 10);
      },
      { maxInFlight: 1, maxBatch: 10 },
    );
    const answers = [1, 2, 13, 4].map((n) => b.call(n).catch((e: Error) => e.message));
    expect(await Promise.all(answers)).toEqual([10, 20, '13 is not a page', 40]);
    // [1] alone, then [2, 13, 4] together, which failed, then each of them alone.
    expect(seen).toEqual([[1], [2, 13, 4], [2], [13], [4]]);
    expect(await b.call(5)).toBe(50);
  });

  it('fails every call when the run fails for each of them (the database is down)', async () => {
    const m = manualRun();
    const b = new Batcher(m.run, { maxInFlight: 1, maxBatch: 10 });
    const first = b.call(1);
    const rest = [b.call(2), b.call(3)].map((p) => p.catch((e: Error) => e.message));
    m.pending[0]!.end();
    await tick();
    m.pending[1]!.end(new Error('connection lost'));
    await tick();
    m.pending[2]!.end(new Error('connection lost'));
    await tick();
    m.pending[3]!.end(new Error('connection lost'));
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toEqual(['connection lost', 'connection lost']);
    expect(m.batches).toEqual([[1], [2, 3], [2], [3]]);
    const later = b.call(5);
    await tick();
    m.pending[4]!.end();
    expect(await later).toBe(50);
  });

  it('refuses a run that answers the wrong number of results', async () => {
    const b = new Batcher(async (inputs: readonly number[]) => inputs.slice(1), {
      maxInFlight: 1,
      maxBatch: 5,
    });
    await expect(b.call(1)).rejects.toThrow('1 inputs answered with 0 results');
  });
});
