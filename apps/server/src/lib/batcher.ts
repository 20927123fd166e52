/**
 * Coalesces concurrent calls into batches, without waiting on a timer: a call runs at once while
 * fewer than `maxInFlight` batches are running; otherwise it waits in the next batch, which
 * starts as soon as a running one ends. Idle, a call costs what it did alone; under load, N
 * concurrent calls cost about N / batch size round trips (group commit's trick, for reads).
 *
 * `run` answers one result per input, in input order. A batch of several calls that fails is run
 * again one call at a time (still counted as one batch in flight), so an input that breaks the
 * run fails its own call only; the next batch runs regardless.
 */
export class Batcher<In, Out> {
  private waiting: { input: In; resolve: (out: Out) => void; reject: (error: unknown) => void }[] = [];
  private running = 0;

  constructor(
    private readonly run: (inputs: readonly In[]) => Promise<readonly Out[]>,
    private readonly opts: {
      maxInFlight: number;
      maxBatch: number;
      /**
       * While a batch runs, another starts only once this many calls wait (default 1: any call).
       * Calls that come one by one then still share a batch, and a queue that deep (the database
       * busier than one connection can answer) spreads over up to `maxInFlight` connections.
       */
      moreAt?: number;
    },
  ) {
    if (opts.maxInFlight < 1 || opts.maxBatch < 1 || (opts.moreAt ?? 1) < 1) {
      throw new Error('Batcher: limits must be at least 1');
    }
  }

  call(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.pump();
    });
  }

  /** Batches running now (for tests and metrics). */
  get inFlight(): number {
    return this.running;
  }

  private pump(): void {
    const moreAt = this.opts.moreAt ?? 1;
    while (this.running < this.opts.maxInFlight && this.waiting.length >= (this.running === 0 ? 1 : moreAt)) {
      const batch = this.waiting.splice(0, this.opts.maxBatch);
      this.running += 1;
      void this.settle(batch).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  private async settle(batch: typeof this.waiting): Promise<void> {
    try {
      const outs = await this.runChecked(batch.map((call) => call.input));
      batch.forEach((call, i) => call.resolve(outs[i]!));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const call of batch) {
        try {
          call.resolve((await this.runChecked([call.input]))[0]!);
        } catch (own) {
          call.reject(own);
        }
      }
    }
  }

  private async runChecked(inputs: readonly In[]): Promise<readonly Out[]> {
    const outs = await this.run(inputs);
    if (outs.length !== inputs.length) {
      throw new Error(`Batcher: ${inputs.length} inputs answered with ${outs.length} results`);
    }
    return outs;
  }
}

/** Batchers kept per owner (a database pool) and key (a statement), each made on first use. */
export class Batchers<Owner extends object, In, Out> {
  private readonly byOwner = new WeakMap<Owner, Map<string, Batcher<In, Out>>>();

  get(owner: Owner, key: string, make: () => Batcher<In, Out>): Batcher<In, Out> {
    let byKey = this.byOwner.get(owner);
    if (!byKey) {
      byKey = new Map();
      this.byOwner.set(owner, byKey);
    }
    let batcher = byKey.get(key);
    if (!batcher) {
      batcher = make();
      byKey.set(key, batcher);
    }
    return batcher;
  }
}
