/**
 * A small in-process map whose entries live `ttlMs` milliseconds, for answers that may be a
 * moment old (a signed-out feed page, a token's member). Bounded: past `maxEntries` the oldest
 * entry goes, so keys taken from requests (query strings, tokens) cannot grow it without limit.
 *
 * Time comes from `Date.now()` at each call (not captured at construction), so tests with fake
 * timers move it. `ttlMs` 0 turns the cache off: nothing is kept.
 */
export class ShortCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();

  constructor(private readonly opts: { ttlMs: number; maxEntries: number }) {}

  get enabled(): boolean {
    return this.opts.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V): void {
    if (!this.enabled) return;
    // Re-inserting moves the key to the end: Map order is then oldest write first.
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: Date.now() + this.opts.ttlMs });
    while (this.entries.size > this.opts.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Drops every entry whose value matches (e.g. all tokens of one member). */
  deleteWhere(matches: (value: V, key: K) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value, key)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
