import autocannon, { type Request } from 'autocannon';

export interface LoadResult {
  scenario: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

export interface LoadOptions {
  scenario: string;
  url: string;
  connections: number;
  duration: number;
  warmup: number;
  headers?: Record<string, string>;
  /** Several requests that each connection cycles through (e.g. different search terms). */
  requests?: Request[];
  /**
   * Headers taken in turn, one set per request across all connections (e.g. many members'
   * tokens), on top of `headers`. Not with `requests`.
   */
  rotateHeaders?: Record<string, string>[];
}

/** One request whose headers rotate through `sets`, request after request. */
function rotating(sets: Record<string, string>[]): Request[] {
  let next = 0;
  return [
    {
      setupRequest: (req) => {
        const set = sets[next++ % sets.length]!;
        return { ...req, headers: { ...req.headers, ...set } };
      },
    },
  ];
}

/** One autocannon run (after an unrecorded warm-up), bounded by its duration. */
export async function load(opts: LoadOptions): Promise<LoadResult> {
  const base = {
    url: opts.url,
    connections: opts.connections,
    headers: opts.headers,
    requests: opts.rotateHeaders?.length ? rotating(opts.rotateHeaders) : opts.requests,
    timeout: 10,
  };
  if (opts.warmup > 0) await autocannon({ ...base, duration: opts.warmup });
  const r = await autocannon({ ...base, duration: opts.duration });
  return {
    scenario: opts.scenario,
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    requests: r.requests.total,
  };
}

/** One request, checked: the bench refuses to measure an endpoint that does not answer 200. */
export async function getJson<T>(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T; bytes: number }> {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body: body as T, bytes: Buffer.byteLength(text) };
}
